package geocoding

import (
	"testing"

	json "github.com/goccy/go-json"

	"github.com/astroapi/astroapi/http/apitest"
)

// startGeoServer serves the geocoding routes over the committed places
// index, clock frozen at 2024-06-15T12:00:00Z.
func startGeoServer(t *testing.T) *apitest.Server {
	t.Helper()
	pl, _ := apitest.Geo(t)
	return apitest.Start(t, apitest.Options{Ops: apitest.Serve(Ops(Deps{Places: pl})...)})
}

func jsonUnmarshal(raw []byte, v any) error { return json.Unmarshal(raw, v) }
