package http

import (
	"strings"
	"testing"

	"github.com/astroapi/astroapi/engine/birth"
	"github.com/astroapi/astroapi/engine/natal"
)

// lotsLike embeds a request that writes its own JSON and adds a field, as
// the arabic-parts, wheel and PNG inputs embed natal.Request: the promoted
// AppendJSON would leave the field out of every cached echo.
type lotsLike struct {
	natal.Request
	Lots []string `json:"lots,omitempty"`
}

// TestOwnAppender: an input whose AppendJSON is its own writes it; one
// that only inherits it from an embedded part is encoded reflectively.
func TestOwnAppender(t *testing.T) {
	if !ownAppender(&natal.Request{}) {
		t.Error("natal.Request declares AppendJSON")
	}
	if _, ok := any(&birth.Packet{}).(inputAppender); ok {
		t.Error("birth.Packet writes no JSON of its own any more")
	}
	in := &lotsLike{Lots: []string{"fortune"}}
	if _, ok := any(in).(inputAppender); !ok || ownAppender(in) {
		t.Fatal("lotsLike: the promoted AppendJSON is not its own")
	}
	b, err := marshalNoHTML(in)
	if err != nil || !strings.Contains(string(b), `"lots":["fortune"]`) {
		t.Errorf("reflective echo %s %v", b, err)
	}
}
