package bazi

import (
	"time"

	"github.com/astroapi/astroapi/engine/solarterms"
)

// TermsRequest is the input of the solar-terms route: a Gregorian year.
type TermsRequest struct {
	Year int `json:"year" required:"true" doc:"Gregorian year: its 24 solar terms, from Xiaohan (about 6 January) to Dongzhi (about 22 December)" minimum:"1583" maximum:"2999" example:"2024"`
}

// YearTerm is one solar term of a year, with its Beijing date and time.
type YearTerm struct {
	solarterms.Event
	Beijing string `json:"beijing_time" doc:"the instant in China Standard Time (UTC+8), YYYY-MM-DDTHH:MM:SS, by which the Chinese calendar dates it" example:"2024-02-04T16:27:08"`
}

// YearTerms is the result of the solar-terms route.
type YearTerms struct {
	Year  int        `json:"year" example:"2024"`
	Terms []YearTerm `json:"terms" doc:"the 24 terms in time order: jie (which open the months of the solar calendar, and so the month pillars) and zhongqi (which name the lunar months)"`
}

// cst is China Standard Time, by which the Chinese calendar counts days.
var cst = time.FixedZone("UTC+8", 8*3600)

// TermsOf returns the 24 solar terms of Gregorian year y.
func TermsOf(terms *solarterms.Finder, y int) (YearTerms, error) {
	cs, err := terms.Year(y)
	if err != nil {
		return YearTerms{}, err
	}
	out := YearTerms{Year: y, Terms: make([]YearTerm, len(cs))}
	for i, c := range cs {
		out.Terms[i] = YearTerm{Event: c.Event(), Beijing: c.Time().In(cst).Format("2006-01-02T15:04:05")}
	}
	return out, nil
}
