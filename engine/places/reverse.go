package places

import (
	"math"
	"sort"
)

// earthRadiusKm is the mean Earth radius (IUGG), used for great-circle
// distances.
const earthRadiusKm = 6371.0088

// grid buckets rows by cell of cellDeg × cellDeg for nearest-place
// search. Cell c holds rows[start[c]:start[c+1]]; vec holds each row's
// unit vector, so that candidates compare by chord length with a few
// multiplications instead of trigonometry.
type grid struct {
	start []int32
	rows  []int32
	vec   [][3]float32
}

// cellDeg is the cell size: about 55 km, a few hundred places in the
// densest cells.
const (
	cellDeg = 0.5
	gridLat = 360 // 180 / cellDeg
	gridLon = 720 // 360 / cellDeg
)

// cellOf returns the cell coordinates of a point; lat 90 and lon 180 fold
// into the last row and the first column.
func cellOf(lat, lon float64) (int, int) {
	y := int(math.Floor((lat + 90) / cellDeg))
	x := int(math.Floor((lon + 180) / cellDeg))
	return min(max(y, 0), gridLat-1), ((x % gridLon) + gridLon) % gridLon
}

func unit(lat, lon float64) [3]float64 {
	p, l := lat*math.Pi/180, lon*math.Pi/180
	return [3]float64{math.Cos(p) * math.Cos(l), math.Cos(p) * math.Sin(l), math.Sin(p)}
}

func newGrid(recs []rec) grid {
	count := make([]int32, gridLat*gridLon+1)
	cells := make([]int32, len(recs))
	g := grid{rows: make([]int32, len(recs)), vec: make([][3]float32, len(recs))}
	for i, r := range recs {
		y, x := cellOf(float64(r.lat), float64(r.lon))
		cells[i] = int32(y*gridLon + x)
		count[cells[i]+1]++
		v := unit(float64(r.lat), float64(r.lon))
		g.vec[i] = [3]float32{float32(v[0]), float32(v[1]), float32(v[2])}
	}
	for c := 1; c < len(count); c++ {
		count[c] += count[c-1]
	}
	g.start = count
	fill := make([]int32, gridLat*gridLon)
	copy(fill, count[:gridLat*gridLon])
	for i, c := range cells {
		g.rows[fill[c]] = int32(i)
		fill[c]++
	}
	return g
}

// Reverse returns the places nearest to (lat, lon) in degrees, nearest
// first, at most limit (1 to MaxLimit; 1 when limit <= 0), with their
// great-circle distances in kilometres. Nearness is pure distance: a
// village next door comes before the city 10 km away. The caller validates
// the coordinate range.
func (ix *Index) Reverse(lat, lon float64, limit int) []Place {
	hits := ix.nearest(lat, lon, limit)
	out := make([]Place, len(hits))
	for i, h := range hits {
		out[i] = ix.place(h.row)
	}
	return out
}

// Nearby is a place with its distance from the query point.
type Nearby struct {
	Place
	DistanceKm float64 `json:"distance_km"`
}

// ReverseDistance is Reverse with the distance of each place in km.
func (ix *Index) ReverseDistance(lat, lon float64, limit int) []Nearby {
	hits := ix.nearest(lat, lon, limit)
	out := make([]Nearby, len(hits))
	for i, h := range hits {
		out[i] = Nearby{Place: ix.place(h.row), DistanceKm: math.Round(h.km*100) / 100}
	}
	return out
}

type hit struct {
	row int32
	km  float64
}

// nearest searches rings of cells around the query's cell, growing until
// no unvisited cell can hold anything nearer than the limit-th hit.
func (ix *Index) nearest(lat, lon float64, limit int) []hit {
	if limit <= 0 {
		limit = 1
	}
	limit = min(limit, MaxLimit)
	if math.IsNaN(lat) || math.IsNaN(lon) || math.IsInf(lon, 0) {
		return nil
	}
	lat = min(max(lat, -90), 90)
	lon = math.Remainder(lon, 360)
	if lon >= 180 {
		lon -= 360 // keep lon inside the query cell's column: [-180, 180)
	}
	cy, cx := cellOf(lat, lon)
	q := unit(lat, lon)
	type cand struct {
		row   int32
		chord float64 // squared chord between unit vectors
	}
	best := make([]cand, 0, limit+1)
	g := &ix.grid
	consider := func(y, x int) {
		cell := y*gridLon + x
		for _, row := range g.rows[g.start[cell]:g.start[cell+1]] {
			v := &g.vec[row]
			dx, dy, dz := float64(v[0])-q[0], float64(v[1])-q[1], float64(v[2])-q[2]
			c := dx*dx + dy*dy + dz*dz
			if len(best) == limit && c >= best[limit-1].chord {
				continue
			}
			i := sort.Search(len(best), func(i int) bool { return best[i].chord > c })
			best = append(best, cand{})
			copy(best[i+1:], best[i:])
			best[i] = cand{row, c}
			if len(best) > limit {
				best = best[:limit]
			}
		}
	}
	col := func(dx int) int { return ((cx+dx)%gridLon + gridLon) % gridLon }
	for ring := 0; ring <= gridLat+gridLon; ring++ {
		if len(best) == limit {
			b := ringBound(lat, lon, cy, cx, ring)
			if ch := 2 * math.Sin(b/2); ch*ch >= best[limit-1].chord {
				break
			}
		}
		if ring >= gridLat && 2*ring-1 >= gridLon {
			break // every cell visited
		}
		width := min(2*ring+1, gridLon) // distinct columns of the ring's full rows
		for dy := -ring; dy <= ring; dy++ {
			y := cy + dy
			if y < 0 || y >= gridLat {
				continue
			}
			if dy == -ring || dy == ring {
				for dx := -ring; dx < -ring+width; dx++ {
					consider(y, col(dx))
				}
				continue
			}
			// Inner rows: only the two edge columns, unless the inner
			// square already spans every column.
			if 2*ring-1 >= gridLon {
				continue
			}
			consider(y, col(-ring))
			if 2*ring != gridLon { // else -ring and +ring are one column
				consider(y, col(ring))
			}
		}
	}
	out := make([]hit, len(best))
	for i, c := range best {
		out[i] = hit{c.row, 2 * earthRadiusKm * math.Asin(math.Min(1, math.Sqrt(c.chord)/2))}
	}
	return out
}

// ringBound is a lower bound, in radians of arc, on the distance from
// (lat, lon) to any point of a cell ring cells away from the query's cell
// (cy, cx), or beyond. Such a point lies outside the square of cells within
// ring-1 of the query's cell: beyond one of its parallels, or beyond one
// of its meridians. The distance to a meridian Δλ away is
// asin(cos φ · sin Δλ) (for Δλ ≥ 90° the pole bounds it: 90° - |φ|).
func ringBound(lat, lon float64, cy, cx, ring int) float64 {
	if ring == 0 {
		return 0
	}
	r := math.Pi / 180
	bound := math.Inf(1)
	south := float64(cy-(ring-1))*cellDeg - 90
	north := float64(cy+ring)*cellDeg - 90
	if south > -90 {
		bound = min(bound, (lat-south)*r)
	}
	if north < 90 {
		bound = min(bound, (north-lat)*r)
	}
	if 2*ring-1 < gridLon {
		west := float64(cx-(ring-1))*cellDeg - 180
		east := float64(cx+ring)*cellDeg - 180
		dl := min(lon-west, east-lon)
		cosPhi := math.Cos(lat * r)
		bound = min(bound, math.Asin(math.Min(1, cosPhi*math.Sin(math.Min(dl, 90)*r))))
	}
	return max(bound, 0)
}
