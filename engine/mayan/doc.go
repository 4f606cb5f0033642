// Package mayan computes the Maya calendar of a date: the 260-day
// Tzolk'in (tone and day sign), the 365-day Haab', the Long Count, the
// Lord of the Night, the year bearer, and a compatibility score of two
// dates.
//
// Conventions (also reported in every chart):
//
//   - Correlation: the GMT correlation, 584283 (Thompson 1950), by
//     default: the Long Count's zero day 13.0.0.0.0 4 Ajaw 8 Kumk'u is
//     Julian day number 584283, 11 August 3114 BCE (proleptic Gregorian),
//     and 13.0.0.0.0 4 Ajaw 3 K'ank'in fell on 21 December 2012. Other
//     members of the GMT family (584280-584286; 584285 is Lounsbury's,
//     used by Martin and Grube and by FAMSI's epigraphic tables) are
//     options.
//   - Calendar: dates are read as on every route that takes one (package
//     calendar): by default with the historical switch, Julian up to
//     1582-10-04 (the calendar historical and epigraphic sources give
//     their dates in) and Gregorian from 1582-10-15; the proleptic
//     Gregorian or the Julian calendar for every year on request. Each
//     request states the calendar it used. Years use astronomical
//     numbering (0 = 1 BCE) from -3113 (the zero day) to 2999.
//   - Days are civil dates, midnight to midnight: the hour is accepted and
//     changes nothing (whether the Maya day began at sunrise or sunset is
//     not settled).
//   - Haab' days are numbered 0-19, day 0 being the "seating" of the month
//     (which some sources write as day 20 of the month before); Wayeb' has
//     days 0-4.
//   - Year bearer: the Classic (Tikal) system, the Tzolk'in day of 0 Pop,
//     so the bearers are Ik', Manik', Eb' and Kaban (Iq', Kej, E and No'j,
//     the four Mam of the K'iche' daykeepers today).
//   - Lord of the Night: G1-G9 in Thompson's numbering, the zero day and
//     every tun ending being G9.
//   - Names: day signs and months in Yucatec in the orthography of the
//     Academia de Lenguas Mayas de Guatemala (Ajaw, K'ank'in), day signs
//     with their K'iche' names alongside (Ajpu).
//
// The meanings and the compatibility rules are interpretive: keywords of
// common modern daykeeping in this project's wording, and structural rules
// on the twenty signs (directions and colours) and thirteen tones, stated
// in every result. The calendar values are exact.
package mayan
