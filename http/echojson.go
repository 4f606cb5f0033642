package http

import "github.com/astroapi/astroapi/http/op"

// inputAppender is an input echo that writes its own JSON, byte for byte
// what go-json writes for it (natal.Echo, checked by its tests): the natal
// echo is written on every uncached call and in every batch item, where
// go-json's reflective encoder cost a few microseconds and allocations
// each time.
type inputAppender interface {
	AppendJSON(b []byte) []byte
}

// encodeInput encodes the call's input echo.
func encodeInput(c *op.Call) ([]byte, error) {
	if !c.Shape().KeepsInput() {
		return nil, nil // fields keeps members of the result and does not name input
	}
	v := c.Input()
	if a, ok := v.(inputAppender); ok {
		return a.AppendJSON(make([]byte, 0, 640)), nil
	}
	return marshalNoHTML(v)
}
