package http

import (
	"strings"
	"testing"

	"github.com/astroapi/astroapi/engine/birth"
	"github.com/astroapi/astroapi/engine/houses"
	"github.com/astroapi/astroapi/engine/natal"
)

// TestOwnAppender: an input whose AppendJSON is its own writes it; one
// that embeds a birth packet and adds fields gets the packet's AppendJSON
// promoted, which would drop its fields from the echo (the results cache
// writes echoes with encodeInput), so it is encoded reflectively.
func TestOwnAppender(t *testing.T) {
	if !ownAppender(&natal.Request{}) || !ownAppender(&birth.Packet{}) {
		t.Error("natal.Request and birth.Packet declare AppendJSON")
	}
	in := &houses.Request{HouseSystem: "koch", ZodiacType: "tropical"}
	if _, ok := any(in).(inputAppender); !ok || ownAppender(in) {
		t.Fatal("houses.Request: the promoted AppendJSON is not its own")
	}
	b, err := marshalNoHTML(in)
	if err != nil || !strings.Contains(string(b), `"house_system":"koch"`) {
		t.Errorf("reflective echo %s %v", b, err)
	}
}
