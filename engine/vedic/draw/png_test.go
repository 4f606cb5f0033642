package draw

import (
	"os"
	"testing"
)

func TestWriteSamples(t *testing.T) {
	if os.Getenv("DRAW_SAMPLES") == "" {
		t.Skip("set DRAW_SAMPLES=dir to write sample SVGs")
	}
	dir := os.Getenv("DRAW_SAMPLES")
	for name, c := range samples() {
		for _, st := range []Style{North, South} {
			for _, th := range []string{"light", "dark"} {
				o := Options{Style: st, Theme: themeOf(th)}
				os.WriteFile(dir+"/"+name+"-"+string(st)+"-"+th+".svg", Render(c, o), 0o644)
			}
		}
	}
}
