package main

import (
	"flag"
	"fmt"
	"io"
	"os"

	"github.com/astroapi/astroapi/engine/swe"
	"github.com/astroapi/astroapi/gen"
)

// runGen builds the precomputed tables from the Swiss Ephemeris.
func runGen(args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("gen", flag.ContinueOnError)
	fs.SetOutput(stderr)
	ephe := fs.String("ephe", envOr("ASTROAPI_EPHE", swe.DefaultPath), "Swiss Ephemeris data directory (ASTROAPI_EPHE)")
	out := fs.String("out", envOr("ASTROAPI_TABLES", "data/ephemeris.bolt"), "table file to write (ASTROAPI_TABLES); serve reads it from there")
	workers := fs.Int("workers", 0, "parallel workers (0: all CPUs)")
	if err := fs.Parse(args); err != nil {
		return errUsage
	}
	if err := os.MkdirAll(dirOf(*out), 0o755); err != nil {
		return err
	}
	if err := gen.Tables(gen.Config{EphePath: *ephe, Out: *out, Workers: *workers}, stdout); err != nil {
		return err
	}
	fmt.Fprintf(stderr, "astroapi: tables written to %s\n", *out)
	return nil
}
