// Package places is the offline geocoder: an index of world places built
// from GeoNames (CC BY 4.0), searched by name and by coordinates.
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
