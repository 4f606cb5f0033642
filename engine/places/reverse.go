package places

import (
	"math"
	"sort"
)

// earthRadiusKm is the mean Earth radius (IUGG), used for great-circle
// distances.
const earthRadiusKm = 6371.0088

// grid buckets rows by 1° × 1° cell for nearest-place search. Cell c holds
// rows[start[c]:start[c+1]].
type grid struct {
	start []int32
	rows  []int32
}

const gridLon, gridLat = 360, 180

// cellOf returns the cell coordinates of a point; lat 90 and lon 180 fold
// into the last row and column.
func cellOf(lat, lon float64) (int, int) {
	y := int(math.Floor(lat + 90))
	x := int(math.Floor(lon + 180))
	return min(max(y, 0), gridLat-1), ((x % gridLon) + gridLon) % gridLon
}

func newGrid(recs []rec) grid {
	count := make([]int32, gridLat*gridLon+1)
	cells := make([]int32, len(recs))
	for i, r := range recs {
		y, x := cellOf(float64(r.lat), float64(r.lon))
		cells[i] = int32(y*gridLon + x)
		count[cells[i]+1]++
	}
	for c := 1; c < len(count); c++ {
		count[c] += count[c-1]
	}
	g := grid{start: count, rows: make([]int32, len(recs))}
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
	if math.IsNaN(lat) || math.IsNaN(lon) {
		return nil
	}
	lat = min(max(lat, -90), 90)
	lon = math.Remainder(lon, 360)
	cy, cx := cellOf(lat, lon)
	phi := lat * math.Pi / 180
	cosPhi := math.Cos(phi)
	best := make([]hit, 0, limit+1)
	consider := func(cell int) {
		for _, row := range ix.grid.rows[ix.grid.start[cell]:ix.grid.start[cell+1]] {
			r := &ix.recs[row]
			d := haversineKm(phi, cosPhi, lon, float64(r.lat), float64(r.lon))
			if len(best) == limit && d >= best[limit-1].km {
				continue
			}
			i := sort.Search(len(best), func(i int) bool { return best[i].km > d })
			best = append(best, hit{})
			copy(best[i+1:], best[i:])
			best[i] = hit{row, d}
			if len(best) > limit {
				best = best[:limit]
			}
		}
	}
	for ring := 0; ring <= gridLon/2; ring++ {
		if len(best) == limit && best[limit-1].km <= ringBoundKm(lat, ring) {
			break
		}
		for dy := -ring; dy <= ring; dy++ {
			y := cy + dy
			if y < 0 || y >= gridLat {
				continue
			}
			step := 2 * ring // inner rows: only the first and last column
			if dy == -ring || dy == ring {
				step = 1
			}
			for dx := -ring; dx <= ring; dx += max(step, 1) {
				if dx == gridLon/2 {
					continue // same column as dx = -180 on the widest ring
				}
				x := ((cx+dx)%gridLon + gridLon) % gridLon
				consider(y*gridLon + x)
			}
		}
	}
	return best
}

// ringBoundKm is a lower bound on the distance from a point at latitude
// lat to any point in a cell ring cells away: the cell differs by at least
// ring-1 whole degrees of latitude or of longitude, and a degree of
// longitude is shortest at the highest latitude that ring can reach.
func ringBoundKm(lat float64, ring int) float64 {
	if ring <= 1 {
		return 0
	}
	deg := float64(ring - 1)
	latKm := deg * math.Pi / 180 * earthRadiusKm
	maxLat := math.Min(90, math.Abs(lat)+float64(ring)+1)
	lonKm := 2 * earthRadiusKm * math.Asin(math.Cos(maxLat*math.Pi/180)*math.Sin(math.Min(deg, 180)*math.Pi/360))
	return math.Min(latKm, lonKm)
}

// haversineKm is the great-circle distance from (phi1 radians, lon1
// degrees) to (lat2, lon2) degrees.
func haversineKm(phi1, cosPhi1, lon1, lat2, lon2 float64) float64 {
	phi2 := lat2 * math.Pi / 180
	dphi := phi2 - phi1
	dl := (lon2 - lon1) * math.Pi / 180
	s := math.Sin(dphi/2)*math.Sin(dphi/2) + cosPhi1*math.Cos(phi2)*math.Sin(dl/2)*math.Sin(dl/2)
	return 2 * earthRadiusKm * math.Asin(math.Min(1, math.Sqrt(s)))
}
