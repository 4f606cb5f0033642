// Command natal calls a live astroapi server through the SDK: a natal
// chart with only the fields it needs (the others take the server's
// defaults), its names in Spanish, the next eclipses, and the account's
// usage with the key as a bearer token. It prints what it found as one
// JSON line and exits 1 on any failure. The server and key come from
// ASTROAPI_URL and ASTROAPI_KEY.
package main

import (
	"context"
	"encoding/json"
	"fmt"
	"os"

	astroapi "github.com/astroapi/astroapi/sdk/go"
)

func main() {
	if err := run(); err != nil {
		fmt.Fprintln(os.Stderr, "natal:", err)
		os.Exit(1)
	}
}

func run() error {
	ctx := context.Background()
	url, key := os.Getenv("ASTROAPI_URL"), os.Getenv("ASTROAPI_KEY")
	c, err := astroapi.NewKeyClient(url, key, astroapi.WithLanguage("es"))
	if err != nil {
		return err
	}
	lat, lon, tz := 48.8566, 2.3522, "Europe/Paris"
	hour, minute := int64(15), int64(30)
	natal, err := c.PostNatalWithResponse(ctx, nil, astroapi.PostNatalJSONRequestBody{
		Year: 1990, Month: 7, Day: 14, Hour: &hour, Minute: &minute,
		Latitude: &lat, Longitude: &lon, Timezone: &tz,
	})
	if err != nil {
		return err
	}
	if natal.JSON200 == nil {
		return fmt.Errorf("natal: status %d: %s", natal.StatusCode(), natal.Body)
	}
	out := map[string]any{"sun_sign": "", "planets": len(natal.JSON200.Result.Planets)}
	for _, p := range natal.JSON200.Result.Planets {
		if p.Name == "Sun" {
			out["sun_sign"] = p.Sign
		}
	}
	if l := natal.JSON200.Labels; l != nil {
		out["sun_es"] = (*l)["planets"]["Sun"]
	}
	count := int64(2)
	ecl, err := c.GetEclipsesUpcomingWithResponse(ctx, &astroapi.GetEclipsesUpcomingParams{Count: &count})
	if err != nil {
		return err
	}
	if ecl.JSON200 == nil {
		return fmt.Errorf("eclipses: status %d: %s", ecl.StatusCode(), ecl.Body)
	}
	out["eclipses"] = ecl.StatusCode()
	bearer, err := astroapi.NewBearerClient(url, key)
	if err != nil {
		return err
	}
	usage, err := bearer.GetUsageWithResponse(ctx, nil)
	if err != nil {
		return err
	}
	if usage.JSON200 == nil {
		return fmt.Errorf("usage: status %d: %s", usage.StatusCode(), usage.Body)
	}
	out["usage"] = usage.StatusCode()
	return json.NewEncoder(os.Stdout).Encode(out)
}
