package sky

import (
	"github.com/astroapi/astroapi/engine"
	"github.com/astroapi/astroapi/engine/calendar"
)

// asteroidRangeReason explains an asteroid missing outside the files.
const asteroidRangeReason = "Chiron and the asteroids come only from the Swiss Ephemeris file seas_18.se1, which covers 1800-2400; there is no analytical fallback for them"

// AsteroidBodies are the minor bodies the engine serves: those of the
// Swiss Ephemeris file seas_18.se1 (swe-basic-data) that engine.Body
// names.
var AsteroidBodies = []engine.Body{engine.Chiron, engine.Ceres, engine.Pallas, engine.Juno, engine.Vesta}

// MinorBody is a catalogue entry: a minor body, and whether the API serves
// it.
type MinorBody struct {
	Name      string  `json:"name" doc:"the body's name" example:"Chiron"`
	Key       BodyKey `json:"key,omitempty" doc:"its key in requests, when served" example:"chiron"`
	Number    int     `json:"number" doc:"Minor Planet Center number" example:"2060"`
	Kind      string  `json:"kind" doc:"class of orbit" enum:"centaur,main_belt,dwarf_planet,trans_neptunian"`
	Available bool    `json:"available" doc:"positions are served"`
	Coverage  string  `json:"coverage" doc:"years the ephemeris covers, or why the body is not served"`
}

// MinorBodies is the catalogue: the bodies served, then notable bodies that
// are not, with the reason. Numbers from the Minor Planet Center.
var MinorBodies = []MinorBody{
	{Name: "Chiron", Key: "chiron", Number: 2060, Kind: "centaur", Available: true, Coverage: "1800-2400 (seas_18.se1)"},
	{Name: "Ceres", Key: "ceres", Number: 1, Kind: "dwarf_planet", Available: true, Coverage: "1800-2400 (seas_18.se1)"},
	{Name: "Pallas", Key: "pallas", Number: 2, Kind: "main_belt", Available: true, Coverage: "1800-2400 (seas_18.se1)"},
	{Name: "Juno", Key: "juno", Number: 3, Kind: "main_belt", Available: true, Coverage: "1800-2400 (seas_18.se1)"},
	{Name: "Vesta", Key: "vesta", Number: 4, Kind: "main_belt", Available: true, Coverage: "1800-2400 (seas_18.se1)"},
	{Name: "Pholus", Number: 5145, Kind: "centaur", Coverage: "in seas_18.se1 (1800-2400) but not yet one of the engine's bodies"},
	{Name: "Eris", Number: 136199, Kind: "trans_neptunian", Coverage: "needs the file ast136/se136199.se1, which swe-basic-data does not ship"},
	{Name: "Sedna", Number: 90377, Kind: "trans_neptunian", Coverage: "needs the file ast90/se90377.se1, which swe-basic-data does not ship"},
	{Name: "Makemake", Number: 136472, Kind: "trans_neptunian", Coverage: "needs the file ast136/se136472.se1, which swe-basic-data does not ship"},
	{Name: "Haumea", Number: 136108, Kind: "trans_neptunian", Coverage: "needs the file ast136/se136108.se1, which swe-basic-data does not ship"},
	{Name: "Hygiea", Number: 10, Kind: "main_belt", Coverage: "needs the file ast0/se00010.se1, which swe-basic-data does not ship"},
	{Name: "Nessus", Number: 7066, Kind: "centaur", Coverage: "needs the file ast7/se07066.se1, which swe-basic-data does not ship"},
}

// AsteroidsOptions choose the frame of Asteroids.
type AsteroidsOptions struct {
	Sidereal engine.Ayanamsa  // "" for the tropical zodiac
	Center   Center           // "" means Geocentric
	Observer *engine.Observer // for Topocentric
}

// Validate checks the options (fields ayanamsa, center, latitude,
// longitude, altitude).
func (o AsteroidsOptions) Validate() engine.Fields {
	return PlanetsOptions{Sidereal: o.Sidereal, Center: o.Center, Observer: o.Observer}.Validate()
}

// Asteroids is the minor bodies at an instant.
type Asteroids struct {
	Datetime    calendar.Time  `json:"datetime" doc:"the instant, UTC (to the second)"`
	JD          float64        `json:"jd" doc:"Julian day (UT) of the instant"`
	ZodiacType  string         `json:"zodiac_type" doc:"tropical or sidereal" enum:"tropical,sidereal"`
	Ayanamsa    *AyanamsaValue `json:"ayanamsa,omitempty" doc:"present for the sidereal zodiac"`
	Frame       Frame          `json:"frame" doc:"centre of the positions"`
	Asteroids   []Planet       `json:"asteroids" doc:"Chiron, Ceres, Pallas, Juno and Vesta"`
	Omitted     []Omission     `json:"omitted,omitempty" doc:"bodies the ephemeris does not cover at the instant"`
	Catalog     []MinorBody    `json:"catalog" doc:"the minor bodies served, and notable ones that are not, with the reason"`
	Source      engine.Source  `json:"source" doc:"least precise ephemeris used" enum:"tables,swiss_ephemeris,moshier"`
	Conventions string         `json:"conventions" doc:"how the positions are computed"`
}

// AsteroidsAt returns the served minor bodies at t.
func AsteroidsAt(pos engine.Positions, t engine.JDUT, o AsteroidsOptions) (*Asteroids, error) {
	if errs := o.Validate(); len(errs) > 0 {
		return nil, errs
	}
	p, err := PlanetsAt(pos, t, PlanetsOptions{Bodies: AsteroidBodies, Sidereal: o.Sidereal, Center: o.Center, Observer: o.Observer})
	if err != nil {
		return nil, err
	}
	return &Asteroids{
		Datetime: p.Datetime, JD: p.JD, ZodiacType: p.ZodiacType, Ayanamsa: p.Ayanamsa, Frame: p.Frame,
		Asteroids: p.Planets, Omitted: p.Omitted, Catalog: MinorBodies, Source: p.Source, Conventions: p.Conventions,
	}, nil
}
