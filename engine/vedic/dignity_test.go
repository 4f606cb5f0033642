package vedic

import (
	"fmt"
	"testing"
)

// TestDignity checks the dignity rules on hand-made placements: exaltation
// and debilitation by sign, moolatrikona by degree (with the BPHS split of
// Taurus for the Moon and Virgo for Mercury), own sign, and the compound
// relation to the sign lord.
func TestDignity(t *testing.T) {
	cases := []struct {
		name string
		g    Graha
		lon  float64
		// other grahas' longitudes, for the temporal relation
		others map[Graha]float64
		want   Dignity
	}{
		{"SunAries", Sun, 15, nil, DignityExalted},
		{"SunLibra", Sun, 185, nil, DignityDebilitated},
		{"SunLeoMT", Sun, 130, nil, DignityMoolatrikona},
		{"SunLeoOwn", Sun, 145, nil, DignityOwn},
		{"MoonTaurusExalted", Moon, 31, nil, DignityExalted},
		{"MoonTaurusMT", Moon, 40, nil, DignityMoolatrikona},
		{"MoonScorpio", Moon, 215, nil, DignityDebilitated},
		{"MercuryVirgoExalted", Mercury, 160, nil, DignityExalted},
		{"MercuryVirgoMT", Mercury, 167, nil, DignityMoolatrikona},
		{"MercuryVirgoOwn", Mercury, 175, nil, DignityOwn},
		{"SaturnAries", Saturn, 10, nil, DignityDebilitated},
		{"RahuTaurus", Rahu, 45, nil, DignityExalted},
		{"RahuAquarius", Rahu, 305, nil, DignityOwn},
		// Mars in Gemini: Mercury is its natural enemy; Mercury in Cancer,
		// 2nd from Mars, is a temporal friend: neutral.
		{"MarsGeminiNeutral", Mars, 65, map[Graha]float64{Mercury: 95}, DignityNeutral},
		// Jupiter in Aries (Mars' sign, a natural friend); Mars in Taurus,
		// 2nd from Jupiter: great friend.
		{"JupiterAriesGreatFriend", Jupiter, 10, map[Graha]float64{Mars: 40}, DignityGreatFriend},
		// Jupiter in Aries with Mars in Aries too: friend + enemy.
		{"JupiterAriesNeutral", Jupiter, 10, map[Graha]float64{Mars: 20}, DignityNeutral},
		// Venus in Leo (the Sun, its enemy) with the Sun 7th: great enemy.
		{"VenusLeoGreatEnemy", Venus, 130, map[Graha]float64{Sun: 310}, DignityGreatEnemy},
		// Saturn in Cancer (the Moon, an enemy) with the Moon 3rd: neutral.
		{"SaturnCancerNeutral", Saturn, 100, map[Graha]float64{Moon: 160}, DignityNeutral},
		// Mercury in Taurus (Venus, a friend) with Venus 12th: great friend.
		{"MercuryTaurusGreatFriend", Mercury, 40, map[Graha]float64{Venus: 10}, DignityGreatFriend},
		// Mercury in Sagittarius (Jupiter, neutral) with Jupiter 5th: enemy.
		{"MercurySagittariusEnemy", Mercury, 250, map[Graha]float64{Jupiter: 10}, DignityEnemy},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			var p Placements
			// park everyone in Pisces unless told otherwise
			for _, g := range Grahas[:8] {
				p.Grahas[g].Longitude = 345
			}
			for g, l := range tc.others {
				p.Grahas[g].Longitude = l
			}
			p.Grahas[tc.g].Longitude = tc.lon
			if tc.g == Ketu {
				p.Grahas[Rahu].Longitude = tc.lon + 180
			}
			c := NewChart(p)
			if got := c.Grahas[tc.g].Dignity; got != tc.want {
				t.Errorf("%s at %g: %s (%s/%s), want %s", tc.g, tc.lon, got, c.Grahas[tc.g].Natural, c.Grahas[tc.g].Temporal, tc.want)
			}
		})
	}
}

// TestCombustion checks the orbs, the retrograde variants and that the
// nodes and the Sun are never combust.
func TestCombustion(t *testing.T) {
	cases := []struct {
		g       Graha
		dist    float64
		retro   bool
		combust bool
	}{
		{Mercury, 13, false, true}, {Mercury, 13, true, false}, {Mercury, 11.9, true, true},
		{Venus, 9, false, true}, {Venus, 9, true, false}, {Mars, 16.9, false, true}, {Mars, 17.1, false, false},
		{Jupiter, 10.9, false, true}, {Saturn, 14.9, false, true}, {Moon, 12.1, false, false}, {Rahu, 1, true, false},
	}
	for _, tc := range cases {
		var p Placements
		p.Grahas[Sun].Longitude = 100
		for _, g := range Grahas[1:8] {
			p.Grahas[g].Longitude = 300
		}
		p.Grahas[tc.g].Longitude = 100 - tc.dist
		p.Grahas[tc.g].Speed = 1
		if tc.retro {
			p.Grahas[tc.g].Speed = -1
		}
		c := NewChart(p)
		if got := c.Grahas[tc.g].Combust; got != tc.combust || c.Grahas[Sun].Combust {
			t.Errorf("%s %g° retro %v: combust %v", tc.g, tc.dist, tc.retro, got)
		}
	}
}

func ExampleNakshatraOf() {
	// 10°30′ Taurus (sidereal 40.5°) is in Rohini, the 4th nakshatra, in
	// its first pada (Rohini runs from 40° to 53°20′).
	nk, n := NakshatraOf(40.5)
	fmt.Println(n, nk.Name, nk.Lord, nk.Pada, nk.Deity)
	// Output: 4 Rohini Moon 1 Brahma
}
