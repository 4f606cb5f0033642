package vedic

import (
	"github.com/astroapi/astroapi/engine/vedic"
	"github.com/astroapi/astroapi/http/op"
)

// The South Indian Dasa Porutham (the ten poruthams) of two births, beside
// the Ashtakoota of POST /api/v1/vedic/matching. The calculation is
// engine/vedic's (porutham.go).

const poruthamDescription = "Two births, `person1` and `person2` (each a birth packet as the body of POST /api/v1/vedic/natal; `person1_role` groom by default), " +
	"and the ten poruthams of the Tamil marriage matching of their Moons, each with `match`, a `grade` where the manuals grade it " +
	"(uttamam, madhyamam, adhamam), 1 point when it agrees, both people's side and the count or rule that decided it in words. " +
	"Most count the groom's star from the bride's, inclusive (`count_from_bride`). Dina: the counts 2, 4, 6, 8, 9, 11, 13, 15, 18, 20, 24, 26 uttamam; " +
	"12, 14, 16 madhyamam but for the groom's pada 1, 4, 3 (`dina_12_14_16` adhamam: never); 27 in the same sign madhyamam; the same star uttamam for Rohini, Ardra, Pushya, Magha, " +
	"Hasta, Shravana, madhyamam for Ashwini, Bharani, Krittika, Mrigashira, Punarvasu, Uttara Phalguni, Chitra, Anuradha, else adhamam; never when " +
	"the groom's sign is the 8th from the bride's. Gana: the same uttamam, Deva and Manushya madhyamam, a Rakshasa with another adhamam. " +
	"Mahendra: the counts 4, 7, 10, ..., 25. Stree Deergha: beyond the 7th by default (`stree_deergha`: 9, 13 or 15), uttamam beyond the 13th. " +
	"Yoni: the same animal uttamam, sworn enemies adhamam. Rasi (the groom's sign from the bride's): 7th uttamam (not Cancer-Capricorn or Leo-Aquarius), " +
	"2/12 and 6/8 adhamam, the others madhyamam. Rasyadhipati: the sign lords' natural friendship (BPHS ch. 3): the same or friends both ways uttamam, " +
	"an enemy either way adhamam. Vasya: the groom's sign among those vasya to the bride's. Rajju: the stars' body parts (pada, kati, nabhi, kantha, siro) " +
	"must differ. Vedha: the thirteen piercing pairs and the Mrigashira-Chitra-Dhanishta triangle. Named exceptions (`porutham_exceptions`: " +
	"gana_rakshasa_bride_beyond_14 and rasi_friendly_lords by default, rajju_aroha_avaroha on request; [] for none). Rajju and vedha are essential: " +
	"either failing rejects the match whatever the total; otherwise the verdict bands the total out of 10 (at least 5 recommended)."

func (d Deps) poruthamOps(spec func(id, path, summary, description string) op.Spec) []*op.Operation {
	return []*op.Operation{
		op.Post(spec("post-vedic-matching-porutham", "/api/v1/vedic/matching/porutham", "Dasa Porutham: the ten poruthams (South Indian matching)",
			poruthamDescription+conventions), d.porutham),
	}
}

func (d Deps) porutham(c *op.Call, in *vedic.PoruthamRequest) (*vedic.PoruthamMatching, error) {
	return in.Porutham(d.Positions, c)
}
