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
	lat, lon := 48.8566, 2.3522
	year, month, day, hour, minute := int64(1990), int64(7), int64(14), int64(15), int64(30)
	var tz astroapi.PostNatalJSONBody_Timezone // a zone name, or an offset in hours
	if err := tz.FromPostNatalJSONBodyTimezone0("Europe/Paris"); err != nil {
		return err
	}
	natal, err := c.PostNatalWithResponse(ctx, nil, astroapi.PostNatalJSONRequestBody{
		Year: &year, Month: &month, Day: &day, Hour: &hour, Minute: &minute,
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
	if out["batch_sun"], err = batchSun(ctx, c); err != nil {
		return err
	}
	return json.NewEncoder(os.Stdout).Encode(out)
}

// batchSun runs a typed batch of one natal chart, its answer cut to the
// planets' names and signs, and returns the Sun's sign: the item is built
// from its operation's type and the outcome read as that operation's.
func batchSun(ctx context.Context, c *astroapi.ClientWithResponses) (string, error) {
	date, clock, lat, lon := "1990-07-14", "15:30", 48.8566, 2.3522
	var tz astroapi.BatchItemPostNatalBody_Timezone
	if err := tz.FromBatchItemPostNatalBodyTimezone0("Europe/Paris"); err != nil {
		return "", err
	}
	id, fields := "alice", "planets.name,planets.sign"
	var item astroapi.BatchItem
	if err := item.FromBatchItemPostNatal(astroapi.BatchItemPostNatal{Id: &id, Body: &astroapi.BatchItemPostNatalBody{
		Date: &date, Time: &clock, Latitude: &lat, Longitude: &lon, Timezone: &tz,
	}}); err != nil {
		return "", err
	}
	res, err := c.PostBatchWithResponse(ctx, nil, astroapi.PostBatchJSONRequestBody{Fields: &fields, Requests: []astroapi.BatchItem{item}})
	if err != nil {
		return "", err
	}
	if res.JSON200 == nil || len(res.JSON200.Result.Items) != 1 {
		return "", fmt.Errorf("batch: status %d: %s", res.StatusCode(), res.Body)
	}
	outcome, err := res.JSON200.Result.Items[0].AsBatchOutcomePostNatal()
	if err != nil {
		return "", err
	}
	if outcome.Result == nil {
		return "", fmt.Errorf("batch: item status %d: %s", outcome.Status, res.Body)
	}
	for _, p := range outcome.Result.Planets {
		if p.Name == "Sun" {
			return string(p.Sign), nil
		}
	}
	return "", fmt.Errorf("batch: no Sun in %s", res.Body)
}
