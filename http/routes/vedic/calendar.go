package vedic

import (
	"github.com/astroapi/astroapi/engine/vedic"
	"github.com/astroapi/astroapi/http/op"
)

const calendarDescription = "The Hindu lunisolar date of a civil date at a place, reckoned at its sunrise (as the almanacs date a day): " +
	"the lunar month (masa) in the amanta scheme (new moon to new moon) and the purnimanta one (full moon to full moon), each with its adhika " +
	"(intercalary: no sankranti between its new moons), nija and kshaya (two sankrantis) marks; paksha and tithi; the new moons that bound the " +
	"month and the sankrantis in it; the Shaka, Vikram Samvat (from Chaitra shukla pratipada, and from Kartika as Gujarat counts it) and Kali years; " +
	"the samvatsara of the 60-year cycle in the North Indian (Brihaspati: the Surya Siddhanta's mean Jupiter, the one running at the year's start) and " +
	"South Indian (continuous from the Shaka year, (Shaka + 11) mod 60 + 1) reckonings; the ritu by the lunar month and by the tropical Sun; the ayana " +
	"in the tropical and sidereal zodiacs. The same `calendar` object is in POST /api/v1/vedic/panchang. " +
	"Conventions (stated again in the result): true new moons from the Moon's apparent elongation; sankrantis of the sidereal Sun in `ayanamsa` (lahiri by default, or `user_ayanamsa`); " +
	"a month is named after the sign the Sun enters in it (Mesha: Chaitra). The date and the place are read as the panchang reads them " +
	"(year, month, day or `date`; latitude/longitude or `location`; `timezone`; years 1583-2999); `sunrise` chooses what rises."

func (d Deps) calendar(c *op.Call, in *vedic.CalendarRequest) (*vedic.CalendarDay, error) {
	return in.Calendar(d.Positions, c)
}

const gregorianDescription = "The civil days of a Hindu date at a place: `year` in the Shaka era (or `era` vikram, Vikram Samvat from Chaitra), " +
	"`masa`, `adhika` (the intercalary month of that name; false: the regular one), `scheme` (amanta by default; purnimanta: the dark half " +
	"is the amanta month before), `paksha` and `tithi` (1-15). The answer lists the civil days (in `timezone`) whose sunrise falls in that tithi, " +
	"as the almanacs date it: usually one, two for a tithi spanning two sunrises, none for a tithi that begins and ends between two sunrises " +
	"(`within` then names that day), each with its full Hindu date; and the instants the tithi begins and ends. A month the year lacks " +
	"(an adhika month in a year without one) is a 422 naming masa; the month absorbed by a kshaya month is found in it. The calendar's " +
	"conventions are POST /api/v1/vedic/calendar's (stated again in the result); the place as the birth packet reads one."

func (d Deps) gregorian(c *op.Call, in *vedic.HinduDateRequest) (*vedic.HinduToGregorian, error) {
	return in.Gregorian(d.Positions, c)
}
