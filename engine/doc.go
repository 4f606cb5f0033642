// Package engine is the shared vocabulary of the calculation core: time
// scales (JDUT, JDTT), bodies, zodiac signs, house systems, ayanamsas, the
// Positions interface every topic package computes from, and the errors
// domain code returns (FieldError, ErrOutOfRange).
//
// The topic packages below engine (natal, houses, aspects, ...) never import
// engine/swe or the tables directly: they receive a Positions value, which
// serves from the precomputed Chebyshev tables when it can and from the Swiss
// Ephemeris otherwise, and says which in Position.Source.
package engine
