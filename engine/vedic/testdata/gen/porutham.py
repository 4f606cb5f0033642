#!/usr/bin/env python3
"""Independent lookup of the ten poruthams (Dasa Porutham) for every pair
of nakshatra padas, written from the sources' wording (star names and
lists, not the engine's index arithmetic), for engine/vedic's
TestPoruthamTable.

Sources, as cited in engine/vedic/porutham_test.go:
  dina          tirumanaporutham.blogspot.com/2011/04/dhina-porutham.html
                ("10 Porutham", also scribd.com/document/240285402)
  gana          the gana of each star as the Ashtakoota tables list it;
                the same gana uttamam, Deva-Manushya madhyamam, a Rakshasa
                with another gana adhamam; a Rakshasa bride rescued when the
                groom's star is beyond the 14th from hers (exception)
  mahendra      counts 4, 7, 10, 13, 16, 19, 22, 25 (PyJHora, the manuals)
  stree deergha seithipunal.com/culture/stree-poruththam (within 7 no,
                beyond 7 to 13 madhyamam, beyond 13 uttamam)
  yoni          the star animals and the seven sworn-enemy pairs
  rasi          raajayogam.com/mm/raasi-porutham.html (6th, 8th, 12th
                hidden places; 7th best but Cancer-Capricorn, Leo-Aquarius)
  rasyadhipati  BPHS ch. 3 natural friendship, as lists of names
  vasya         the Tamil vasya table (PyJHora's vasiya_list)
  rajju         neerkondar.blogspot.com/2013/06/blog-post_1528.html
  vedha         the thirteen pairs and the Mrigashira-Chitra-Dhanishta
                triangle

Output: engine/vedic/testdata/porutham/table.csv, one row per pair of
padas: groom star (1-27), groom pada, bride star, bride pada, then two
ten-letter codes in the order dina, gana, mahendra, stree_deergha, yoni,
rasi, rasyadhipati, vasya, rajju, vedha: U/M/A (uttamam, madhyamam,
adhamam) for the graded poruthams, Y/N for the others. The first code is
the default reading (exceptions gana and rasi; Stree Deergha beyond the
7th), the second every exception (rajju aroha/avaroha too) and Stree
Deergha beyond the 13th.

Run: python3 engine/vedic/testdata/gen/porutham.py (Python 3, no packages).
"""
import csv
import os

STARS = ["Ashwini", "Bharani", "Krittika", "Rohini", "Mrigashira", "Ardra", "Punarvasu", "Pushya",
         "Ashlesha", "Magha", "Purva Phalguni", "Uttara Phalguni", "Hasta", "Chitra", "Swati",
         "Vishakha", "Anuradha", "Jyeshtha", "Mula", "Purva Ashadha", "Uttara Ashadha", "Shravana",
         "Dhanishta", "Shatabhisha", "Purva Bhadrapada", "Uttara Bhadrapada", "Revati"]
SIGNS = ["Aries", "Taurus", "Gemini", "Cancer", "Leo", "Virgo", "Libra", "Scorpio", "Sagittarius",
         "Capricorn", "Aquarius", "Pisces"]
LORD = {"Aries": "Mars", "Taurus": "Venus", "Gemini": "Mercury", "Cancer": "Moon", "Leo": "Sun",
        "Virgo": "Mercury", "Libra": "Venus", "Scorpio": "Mars", "Sagittarius": "Jupiter",
        "Capricorn": "Saturn", "Aquarius": "Saturn", "Pisces": "Jupiter"}

DEVA = {"Ashwini", "Mrigashira", "Punarvasu", "Pushya", "Hasta", "Swati", "Anuradha", "Shravana", "Revati"}
MANUSHYA = {"Bharani", "Rohini", "Ardra", "Purva Phalguni", "Uttara Phalguni", "Purva Ashadha",
            "Uttara Ashadha", "Purva Bhadrapada", "Uttara Bhadrapada"}


def gana(star):
    if star in DEVA:
        return "Deva"
    if star in MANUSHYA:
        return "Manushya"
    return "Rakshasa"


YONI = {"Ashwini": "horse", "Shatabhisha": "horse", "Bharani": "elephant", "Revati": "elephant",
        "Krittika": "sheep", "Pushya": "sheep", "Rohini": "serpent", "Mrigashira": "serpent",
        "Ardra": "dog", "Mula": "dog", "Punarvasu": "cat", "Ashlesha": "cat", "Magha": "rat",
        "Purva Phalguni": "rat", "Uttara Phalguni": "cow", "Uttara Bhadrapada": "cow",
        "Hasta": "buffalo", "Swati": "buffalo", "Chitra": "tiger", "Vishakha": "tiger",
        "Anuradha": "deer", "Jyeshtha": "deer", "Purva Ashadha": "monkey", "Shravana": "monkey",
        "Uttara Ashadha": "mongoose", "Dhanishta": "lion", "Purva Bhadrapada": "lion"}
ENEMY_YONI = [{"horse", "buffalo"}, {"elephant", "lion"}, {"sheep", "monkey"}, {"serpent", "mongoose"},
              {"dog", "deer"}, {"cat", "rat"}, {"cow", "tiger"}]

# BPHS ch. 3, natural friends and enemies (the rest neutral).
FRIENDS = {"Sun": {"Moon", "Mars", "Jupiter"}, "Moon": {"Sun", "Mercury"},
           "Mars": {"Sun", "Moon", "Jupiter"}, "Mercury": {"Sun", "Venus"},
           "Jupiter": {"Sun", "Moon", "Mars"}, "Venus": {"Mercury", "Saturn"},
           "Saturn": {"Mercury", "Venus"}}
ENEMIES = {"Sun": {"Venus", "Saturn"}, "Moon": set(), "Mars": {"Mercury"}, "Mercury": {"Moon"},
           "Jupiter": {"Mercury", "Venus"}, "Venus": {"Sun", "Moon"}, "Saturn": {"Sun", "Moon", "Mars"}}

VASYA = {"Aries": {"Leo", "Scorpio"}, "Taurus": {"Cancer", "Libra"}, "Gemini": {"Virgo"},
         "Cancer": {"Scorpio", "Sagittarius"}, "Leo": {"Libra"}, "Virgo": {"Gemini", "Pisces"},
         "Libra": {"Virgo", "Capricorn"}, "Scorpio": {"Cancer"}, "Sagittarius": {"Pisces"},
         "Capricorn": {"Aries", "Aquarius"}, "Aquarius": {"Aries"}, "Pisces": {"Capricorn"}}

# neerkondar: the rajjus with their ascending and descending runs.
RAJJU = {
    "pada": (["Ashwini", "Magha", "Mula"], ["Ashlesha", "Jyeshtha", "Revati"]),
    "kati": (["Bharani", "Purva Phalguni", "Purva Ashadha"], ["Pushya", "Anuradha", "Uttara Bhadrapada"]),
    "nabhi": (["Krittika", "Uttara Phalguni", "Uttara Ashadha"], ["Punarvasu", "Vishakha", "Purva Bhadrapada"]),
    "kantha": (["Rohini", "Hasta", "Shravana"], ["Ardra", "Swati", "Shatabhisha"]),
    "siro": (["Mrigashira", "Chitra", "Dhanishta"], []),
}


def rajju(star):
    for name, (up, down) in RAJJU.items():
        if star in up:
            return name, "up" if name != "siro" else "none"
        if star in down:
            return name, "down"
    raise ValueError(star)


VEDHA = [{"Ashwini", "Jyeshtha"}, {"Bharani", "Anuradha"}, {"Krittika", "Vishakha"}, {"Rohini", "Swati"},
         {"Ardra", "Shravana"}, {"Punarvasu", "Uttara Ashadha"}, {"Pushya", "Purva Ashadha"},
         {"Ashlesha", "Mula"}, {"Magha", "Revati"}, {"Purva Phalguni", "Uttara Bhadrapada"},
         {"Uttara Phalguni", "Purva Bhadrapada"}, {"Hasta", "Shatabhisha"},
         {"Mrigashira", "Chitra"}, {"Chitra", "Dhanishta"}, {"Mrigashira", "Dhanishta"}]

DINA_GOOD = {2, 4, 6, 8, 9, 11, 13, 15, 18, 20, 24, 26}
SAME_UTTAMA = {"Rohini", "Ardra", "Pushya", "Magha", "Hasta", "Shravana"}
SAME_MADHYAMA = {"Ashwini", "Bharani", "Krittika", "Mrigashira", "Punarvasu", "Uttara Phalguni", "Chitra", "Anuradha"}


def sign_of(star, pada):
    """The sign of a pada: nine padas to a sign from Ashwini 1."""
    return SIGNS[(STARS.index(star) * 4 + pada - 1) // 9]


def count(a, b, n):
    """b counted from a, inclusive, in a circle of n."""
    return (b - a) % n + 1


def score(g, gp, b, bp, exceptions, stree_beyond):
    gs, bs = sign_of(g, gp), sign_of(b, bp)
    c = count(STARS.index(b), STARS.index(g), 27)
    sc = count(SIGNS.index(bs), SIGNS.index(gs), 12)
    out = []
    # dina
    if g == b:
        out.append("U" if g in SAME_UTTAMA else "M" if g in SAME_MADHYAMA else "A")
    elif sc == 8:
        out.append("A")
    elif c in DINA_GOOD:
        out.append("U")
    elif (c, gp) in {(12, 2), (12, 3), (12, 4), (14, 1), (14, 2), (14, 3), (16, 1), (16, 2), (16, 4)}:
        out.append("M")
    elif c == 27 and gs == bs:
        out.append("M")
    else:
        out.append("A")
    # gana
    ga, ba = gana(g), gana(b)
    if ga == ba:
        out.append("U")
    elif "Rakshasa" not in (ga, ba):
        out.append("M")
    elif ba == "Rakshasa" and "gana" in exceptions and c > 14:
        out.append("M")
    else:
        out.append("A")
    # mahendra
    out.append("Y" if c in (4, 7, 10, 13, 16, 19, 22, 25) else "N")
    # stree deergha
    if c > stree_beyond:
        out.append("U" if c > 13 else "M")
    else:
        out.append("A")
    # yoni
    yg, yb = YONI[g], YONI[b]
    out.append("U" if yg == yb else "A" if {yg, yb} in ENEMY_YONI else "M")
    # rasi
    lg, lb = LORD[gs], LORD[bs]
    mutual = lg == lb or (lb in FRIENDS[lg] and lg in FRIENDS[lb])
    if sc == 7:
        out.append("A" if {gs, bs} in ({"Cancer", "Capricorn"}, {"Leo", "Aquarius"}) else "U")
    elif sc in (2, 6, 8, 12):
        out.append("M" if "rasi" in exceptions and mutual else "A")
    else:
        out.append("M")
    # rasyadhipati
    if lg == lb or (lb in FRIENDS[lg] and lg in FRIENDS[lb]):
        out.append("U")
    elif lb in ENEMIES[lg] or lg in ENEMIES[lb]:
        out.append("A")
    else:
        out.append("M")
    # vasya
    out.append("Y" if gs in VASYA[bs] else "N")
    # rajju
    (rg, ug), (rb, ub) = rajju(g), rajju(b)
    if rg != rb:
        out.append("Y")
    elif "rajju" in exceptions and {ug, ub} == {"up", "down"}:
        out.append("Y")
    else:
        out.append("N")
    # vedha
    out.append("N" if {g, b} in VEDHA else "Y")
    return "".join(out)


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    path = os.path.join(here, "..", "porutham", "table.csv")
    with open(path, "w", newline="") as f:
        w = csv.writer(f, lineterminator="\n")
        for g in STARS:
            for gp in range(1, 5):
                for b in STARS:
                    for bp in range(1, 5):
                        w.writerow([STARS.index(g) + 1, gp, STARS.index(b) + 1, bp,
                                    score(g, gp, b, bp, {"gana", "rasi"}, 7),
                                    score(g, gp, b, bp, {"gana", "rasi", "rajju"}, 13)])


if __name__ == "__main__":
    main()
