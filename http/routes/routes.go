// Package routes lists every family of operations: the one list the REST
// router, the OpenAPI document, the batch route and the tool endpoint are
// built from. Each family's glue lives in its own package below this one,
// given its dependencies at construction; a family never imports another.
//
// Adding a family: write the calculation in engine/<topic>, its glue in
// http/routes/<family> with
//
//	type Deps struct{ Positions engine.Positions; Births *birth.Resolver }
//	func Ops(d Deps) []*op.Operation {
//		return []*op.Operation{
//			op.Post(op.Spec{ID: "post-thing", Path: "/api/v1/thing", Family: "Sky",
//				Summary: "...", Description: "...",
//				Unavailable: op.Missing(d.Positions == nil, "no ephemeris is configured on this server")},
//				d.thing),
//		}
//	}
//	func (d Deps) thing(c *op.Call, in *thingRequest) (thing.Result, error) { ... }
//
// and add one line to All. The operation is then a REST route, a batch item
// and an MCP tool (named after its id: post-thing is the tool thing). A GET
// operation of reference data without required input (a catalog, a list)
// may also be an MCP resource: say Resource: true in its Spec.
package routes

import (
	"github.com/astroapi/astroapi/engine"
	engineeclipses "github.com/astroapi/astroapi/engine/eclipses"
	"github.com/astroapi/astroapi/engine/places"
	"github.com/astroapi/astroapi/engine/solarterms"
	enginestars "github.com/astroapi/astroapi/engine/stars"
	"github.com/astroapi/astroapi/engine/swe"
	"github.com/astroapi/astroapi/engine/zones"
	"github.com/astroapi/astroapi/http/op"
	"github.com/astroapi/astroapi/http/routes/aspects"
	"github.com/astroapi/astroapi/http/routes/chinese"
	"github.com/astroapi/astroapi/http/routes/console"
	"github.com/astroapi/astroapi/http/routes/eclipses"
	"github.com/astroapi/astroapi/http/routes/geocoding"
	"github.com/astroapi/astroapi/http/routes/houses"
	"github.com/astroapi/astroapi/http/routes/mayan"
	"github.com/astroapi/astroapi/http/routes/natal"
	"github.com/astroapi/astroapi/http/routes/parts"
	"github.com/astroapi/astroapi/http/routes/relationship"
	"github.com/astroapi/astroapi/http/routes/sky"
	"github.com/astroapi/astroapi/http/routes/stars"
	"github.com/astroapi/astroapi/http/routes/timezone"
	"github.com/astroapi/astroapi/http/routes/timing"
	"github.com/astroapi/astroapi/http/routes/transits"
	"github.com/astroapi/astroapi/http/routes/usage"
	"github.com/astroapi/astroapi/http/routes/vedic"
	"github.com/astroapi/astroapi/quota"
	"github.com/astroapi/astroapi/store"
	"github.com/astroapi/astroapi/tables"
)

// Deps are everything the families calculate with and act on. Any may be
// nil: the operations that need it answer 503 and say which.
type Deps struct {
	Positions engine.Positions // the ephemeris: tables first, Swiss Ephemeris behind
	// Tables are the precomputed tables behind Positions, for the catalogs
	// they also hold (solar terms, eclipses, star tables); nil without them.
	Tables *tables.Set
	// Swiss is the Swiss Ephemeris behind Positions, for what only it
	// computes (fixed stars outside the tables); nil without cgo.
	Swiss  *swe.Ephemeris
	Places *places.Index // the geocoding index
	Zones  *zones.Index  // IANA zones and their boundaries
	Store  store.Store   // accounts and keys
	Quota  *quota.Quota  // counters and usage statistics
	// KeyRevoked is called after the console revokes or rotates a key (the
	// server refuses it at once, though lookups of it are cached).
	KeyRevoked func(id string)
	// SignupsPerHour bounds console sign-ups per client address (0: 5).
	SignupsPerHour int
}

// All returns the operations of every family.
func All(d Deps) []*op.Operation {
	catalog, noCatalog := engineeclipses.Load(d.Tables)
	var ops []*op.Operation
	for _, family := range [][]*op.Operation{
		natal.Ops(natal.Deps{Positions: d.Positions}),
		relationship.Ops(relationship.Deps{Positions: d.Positions}),
		houses.Ops(houses.Deps{Positions: d.Positions}),
		aspects.Ops(aspects.Deps{Positions: d.Positions}),
		parts.Ops(parts.Deps{Positions: d.Positions}),
		sky.Ops(sky.Deps{Positions: d.Positions}),
		transits.Ops(transits.Deps{Positions: d.Positions}),
		eclipses.Ops(eclipses.Deps{Catalog: catalog, Missing: noCatalog}),
		stars.Ops(stars.Deps{Stars: starService(d.Tables, d.Swiss)}),
		vedic.Ops(vedic.Deps{Positions: d.Positions}),
		chinese.Ops(chinese.Deps{Terms: solarTerms(d)}),
		mayan.Ops(),
		timing.Ops(timing.Deps{Positions: d.Positions}),
		timezone.Ops(timezone.Deps{Zones: d.Zones, Places: d.Places}),
		geocoding.Ops(geocoding.Deps{Places: d.Places}),
		usage.Ops(usage.Deps{Quota: d.Quota}),
		console.Ops(console.Deps{Store: d.Store, Quota: d.Quota, KeyRevoked: d.KeyRevoked, SignupsPerHour: d.SignupsPerHour}),
	} {
		ops = append(ops, family...)
	}
	return ops
}

// starService is the fixed star service over the star tables and the Swiss
// Ephemeris behind them, nil with neither. (stars.New takes nil
// interfaces, not typed nil pointers, for an absent source.)
func starService(set *tables.Set, eph *swe.Ephemeris) *enginestars.Stars {
	var tab enginestars.Tables
	if set != nil {
		tab = set
	}
	var direct enginestars.Ephemeris
	if eph != nil {
		direct = eph
	}
	if tab == nil && direct == nil {
		return nil
	}
	return enginestars.New(tab, direct)
}

// solarTerms builds the Chinese routes' solar-term service: the table's
// instants (1800-2399) first, root-finding on the ephemeris behind; nil
// with neither.
func solarTerms(d Deps) *solarterms.Finder {
	var table solarterms.Table
	if d.Tables != nil {
		if st := d.Tables.SolarTerms(); st != nil {
			table = st // a nil *tables.SolarTerms is kept out of the interface
		}
	}
	if table == nil && d.Positions == nil {
		return nil
	}
	return solarterms.New(table, d.Positions)
}
