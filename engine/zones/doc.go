// Package zones answers time-zone questions with IANA names: the zone list,
// search, the zone at a coordinate (from an embedded boundary index) and the
// offset in force at an instant, historical offsets included.
//
// Offsets come from the IANA tz database through Go's time package: the
// system's zoneinfo when present, else the copy embedded by time/tzdata.
// Coordinates map to zones through the timezone-boundary-builder polygons
// (ODbL) packaged by github.com/ringsaturn/tzf, oceans included (nautical
// Etc/GMT±N zones). The zone list and each zone's country and largest
// places come from GeoNames (zonetab.tsv, written by gen/places).
package zones
