package transits_test

import (
	"bytes"
	"encoding/xml"
	"image/png"
	"io"
	"os"
	"strings"
	"testing"

	"github.com/astroapi/astroapi/engine"
	"github.com/astroapi/astroapi/engine/natal"
	"github.com/astroapi/astroapi/engine/transits"
	"github.com/astroapi/astroapi/engine/wheel"
	"github.com/astroapi/astroapi/http/apitest"
	routes "github.com/astroapi/astroapi/http/routes/transits"
)

// svgDoc checks an SVG answer (media type, well-formed XML, an <svg> root
// of the requested size, no script, no event handler) and returns its
// title and the number of dashed lines.
func svgDoc(t *testing.T, r *apitest.Response, size string) (title string, dashed int) {
	t.Helper()
	if ct := r.Header.Get("Content-Type"); !strings.HasPrefix(ct, "image/svg+xml") {
		t.Fatalf("Content-Type %q", ct)
	}
	dec := xml.NewDecoder(bytes.NewReader(r.Body))
	root, inTitle := true, false
	for {
		tok, err := dec.Token()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatalf("invalid XML: %v", err)
		}
		switch tk := tok.(type) {
		case xml.StartElement:
			attrs := map[string]string{}
			for _, a := range tk.Attr {
				attrs[a.Name.Local] = a.Value
				if strings.HasPrefix(strings.ToLower(a.Name.Local), "on") || strings.Contains(strings.ToLower(a.Value), "javascript:") {
					t.Errorf("active attribute %s=%q", a.Name.Local, a.Value)
				}
			}
			if strings.EqualFold(tk.Name.Local, "script") || strings.EqualFold(tk.Name.Local, "foreignObject") {
				t.Errorf("<%s> in the SVG", tk.Name.Local)
			}
			if root {
				root = false
				if tk.Name.Local != "svg" || attrs["viewBox"] != "0 0 1000 1000" || attrs["width"] != size || attrs["height"] != size {
					t.Fatalf("root <%s %v>", tk.Name.Local, attrs)
				}
			}
			if attrs["stroke-dasharray"] != "" {
				dashed++
			}
			inTitle = tk.Name.Local == "title"
		case xml.CharData:
			if inTitle {
				title += string(tk)
			}
		case xml.EndElement:
			inTitle = false
		}
	}
	return title, dashed
}

// TestToNatalSVG: the bi-wheel is valid SVG of the requested size without
// script, themed, titled with the birth (place name escaped and intact)
// and the transit instant, with one dashed line per transit-to-natal
// aspect at least; bad options are 422 naming the field; the key is
// required.
func TestToNatalSVG(t *testing.T) {
	pl, zx := apitest.Geo(t)
	ops := routes.Ops(routes.Deps{Positions: apitest.Tables(t)})
	ts := apitest.Start(t, apitest.Options{Ops: apitest.Serve(ops...), Ephemeris: true, Places: pl, Zones: zx})
	body := `{"natal":{"year":1990,"month":7,"day":14,"hour":14,"minute":30,"location":"L'Aquila","timezone":"auto"},"year":2024,"month":3,"day":20,"hour":12,"timezone":"Europe/Rome"`
	light := ts.Post(t, "/api/v1/transits/to-natal/svg", body+`}`).WantStatus(t, 200)
	title, dashed := svgDoc(t, light, "600")
	if !strings.Contains(title, "L'Aquila") || !strings.Contains(title, "transits 2024-03-20 12:00 Europe/Rome") {
		t.Errorf("title %q", title)
	}
	if bytes.Contains(light.Body, []byte("L'Aquila")) {
		t.Error("the apostrophe of the place name is not escaped")
	}
	var res routes.ToNatal
	ts.Post(t, "/api/v1/transits/to-natal", body+`}`).WantStatus(t, 200).Decode(t, &struct {
		Result *routes.ToNatal `json:"result"`
	}{&res})
	if len(res.Aspects) == 0 || dashed < len(res.Aspects) {
		t.Errorf("%d dashed lines for %d transit aspects", dashed, len(res.Aspects))
	}
	dark := ts.Post(t, "/api/v1/transits/to-natal/svg", body+`,"theme":"dark","size":900}`).WantStatus(t, 200)
	svgDoc(t, dark, "900")
	if bytes.Equal(dark.Body, light.Body) || !bytes.Contains(dark.Body, []byte("#14161c")) || bytes.Contains(light.Body, []byte("#14161c")) {
		t.Error("the dark theme draws as the light one")
	}
	if ts.Post(t, "/api/v1/transits/to-natal/svg", body+`}`, "x-api-key", "").Status != 401 {
		t.Error("SVG without a key must be refused")
	}
	for _, c := range []struct {
		name, body string
		status     int
		field      string
	}{
		{"ErrTheme", body + `,"theme":"neon"}`, 422, "theme"},
		{"ErrSize", body + `,"size":50}`, 422, "size"},
		{"ErrSizeBig", body + `,"size":5000}`, 422, "size"},
		{"ErrSizeType", body + `,"size":"big"}`, 422, "size"},
		{"ErrNatalMissing", `{"year":2024,"month":1,"day":1}`, 422, "natal"},
		{"ErrNatalDay", `{"natal":{"year":1990,"month":2,"day":30,"latitude":0,"longitude":0}}`, 422, "natal.day"},
	} {
		t.Run(c.name, func(t *testing.T) {
			p := ts.Post(t, "/api/v1/transits/to-natal/svg", c.body).WantStatus(t, c.status).Problem(t)
			for _, e := range p.Errors {
				if e.Field == c.field {
					return
				}
			}
			t.Errorf("problem does not name %s: %+v", c.field, p)
		})
	}
}

// TestBiWheelPNGCrowded draws the bi-wheel of the Aquarius stellium of
// 1962-02-05 (seven bodies within 16°) under the transits of the same
// day, with asteroids and minor aspects: everything piles up in one
// sector. The PNG decodes at the size asked for; set BIWHEEL_PNG=<file>
// to keep it and look at it.
func TestBiWheelPNGCrowded(t *testing.T) {
	pos := apitest.Tables(t)
	b := natal.Birth{JD: 2437700.75, Latitude: 28.6, Longitude: 77.2}
	chart, err := natal.Compute(pos, b, natal.Options{IncludeAsteroids: true, MinorAspects: true})
	if err != nil {
		t.Fatal(err)
	}
	defer chart.Release()
	res, err := transits.ToNatalChart(pos, chart, engine.JDUT(2437700.9), transits.ToNatalOptions{Options: transits.Options{IncludeAsteroids: true, MinorAspects: true}})
	if err != nil {
		t.Fatal(err)
	}
	img, err := wheel.RenderPNG(res.Wheel(chart, "1962-02-05 06:00 Delhi · transits 1962-02-05 09:36 UTC"), wheel.Options{Size: 1200})
	if err != nil {
		t.Fatal(err)
	}
	if m, err := png.Decode(bytes.NewReader(img)); err != nil || m.Bounds().Dx() != 1200 {
		t.Fatalf("PNG: %v", err)
	}
	if out := os.Getenv("BIWHEEL_PNG"); out != "" {
		if err := os.WriteFile(out, img, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	t.Logf("%d transiting bodies, %d transit aspects", len(res.Transits), len(res.Aspects))
}
