// Package zones answers time-zone questions with IANA names: the zone list,
// search, the zone at a coordinate (from an embedded boundary index) and the
// offset in force at an instant, historical offsets included.
package zones
