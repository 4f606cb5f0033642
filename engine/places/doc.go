// Package places is the offline geocoder: an index of world places built
// from GeoNames (CC BY 4.0), searched by name and by coordinates.
//
// The index (data/places.tsv.zst, made by gen/places from GeoNames'
// cities500: about 200,000 places, every place of more than 500
// inhabitants and every seat of an administrative division) loads in a few
// hundred milliseconds into about 60 MB. Search matches folded names (see
// Fold) exactly, then by prefix, and ranks by population with bonuses for
// exact names and capitals; Reverse returns the nearest places by
// great-circle distance from a 0.5° cell grid.
package places

// Place is one populated place of the index.
type Place struct {
	GeonameID   int     `json:"geoname_id"`
	Name        string  `json:"name"`
	ASCIIName   string  `json:"ascii_name"`
	Country     string  `json:"country"`      // ISO 3166-1 alpha-2
	CountryName string  `json:"country_name"` // English short name
	Admin1      string  `json:"admin1"`       // first-level division name
	Latitude    float64 `json:"latitude"`
	Longitude   float64 `json:"longitude"`
	Population  int64   `json:"population"`
	Timezone    string  `json:"timezone"` // IANA zone name
}
