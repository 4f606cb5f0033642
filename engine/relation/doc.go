// Package relation casts the charts of two people together: synastry (the
// two natal charts set against each other), the midpoint composite chart
// and the Davison relationship chart.
//
// # Synastry
//
// Both natal charts as package natal casts them, each with its own
// settings (the two must share the zodiac and ayanamsa), then:
//   - inter-aspects from every point of person1 to every point of person2:
//     the planets (the South Node left out: it mirrors the North Node), the
//     North Node, Lilith, Chiron, the asteroids when asked, the Ascendant
//     and the Midheaven. Orbs are the natal defaults of package aspects
//     (conjunction, opposition and trine 8°, square 7°, sextile 6°; with
//     the minor aspects quincunx 3° and the others 2°) unless the caller
//     sends their own. An aspect applies when the separation moves toward
//     exact with each point moving at its own natal speed (angles held
//     fixed), the convention of natal aspects applied across the charts;
//   - house overlays both ways: each person's planets, Ascendant and
//     Midheaven in the other's houses;
//   - element and modality comparison: each chart's balance as natal
//     weighs it (Sun, Moon and Ascendant 2, the other planets 1), their
//     sum, and how the dominant ones relate;
//   - a compatibility summary, scored as Score documents.
//
// # Composite
//
// Every body both charts hold is placed at the near midpoint of its two
// positions (Midpoint): the midpoint on the shorter arc between them.
// When the two are exactly opposite both midpoints are equally near; the
// rule is then to take the one in the first half of the zodiac, [0°,
// 180°), which does not depend on the order of the two charts. The South
// Node is opposite the composite North Node. A composite body's speed is
// the mean of the two natal speeds (the rate of its midpoint), so
// retrograde means that mean is negative.
//
// The angles and houses follow one of two methods:
//   - derived_ascendant (the default; Robert Hand, Planets in Composite,
//     1975): the composite Midheaven is the near midpoint of the two
//     Midheavens; the ARMC that puts it on the meridian (houses.ARMCOf)
//     with the true obliquity at the midpoint in time of the two births
//     gives the Ascendant and the cusps of the house system at the
//     composite latitude, the mean of the two birth latitudes;
//   - midpoints: the Ascendant, the Midheaven and the cusps of houses 10,
//     11, 12, 1, 2 and 3 are the near midpoints of the two charts' (the
//     opposite cusps opposite them, so that the houses stay a division of
//     the circle). Equal and whole-sign houses are counted from the
//     composite Ascendant in both methods, as those systems define them.
//
// In a sidereal zodiac the derived method moves the composite Midheaven to
// the tropical zodiac with the ayanamsa at the midpoint in time, casts the
// houses there and moves them back (houses.CuspsSidereal), for every
// ayanamsa (so j2000 composites do not follow libswe's J2000-ecliptic
// houses). Aspects, the chart shape and balances, and the aspect
// configurations are found as for a natal chart.
//
// # Davison
//
// The Davison relationship chart (Ronald Davison, Synastry, 1977) is a
// natal chart cast for the midpoint in time and space of the two births:
//   - time: the mean of the two UTC instants (taken as UT), to the whole
//     second, a half second rounded down to the earlier second (MidInstant)
//     so that the natal route reproduces the chart exactly from the
//     echoed instant;
//   - place: the midpoint of the great-circle arc between the two
//     birthplaces (MidPlace), not the mean of the coordinates; two
//     antipodal places have no such midpoint and are refused.
package relation
