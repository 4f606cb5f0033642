// Package vedic computes Vedic (Jyotish) astrology from an engine.Positions
// source: the sidereal natal chart, the Moon's nakshatra, the Vimshottari
// dasha, Parashara's sixteen divisional charts, doshas, yogas,
// ashtakavarga, shadbala and the panchang. The SVG charts are in the
// sub-package draw.
//
// # Conventions (each result also states its own)
//
//   - Zodiac: sidereal, the ayanamsa a request names (Zodiac: any of
//     engine.Ayanamsas, or a user-defined one), Lahiri (Chitrapaksha, Swiss
//     Ephemeris SE_SIDM_LAHIRI) by default, true (with nutation) as libswe
//     subtracts it from apparent geocentric ecliptic longitudes of date
//     (j2000, j1900, b1950 and skydram_mardyks on their epoch's ecliptic,
//     as libswe casts them). The natal JSON route alone stays Lahiri (spec
//     4.2): NatalRequest accepts another ayanamsa, ignores it and says so
//     (ayanamsa.ignored and a warning, see AyanamsaIgnored). Shadbala reads
//     true declinations from the sidereal longitude plus the ayanamsa,
//     which for the four epoch-ecliptic ayanamsas is off by the tilt
//     between the two ecliptics (under 0.02° within 1900-2100).
//   - Rahu: the mean lunar node by default (the siddhantic and almanac
//     usage); the true node on request (node_type "true"). Ketu is always
//     opposite Rahu.
//   - Lagna: the sidereal ascendant of the place. Bhavas are whole signs
//     counted from the lagna's sign.
//   - Dignity: exaltation and debilitation by sign (BPHS ch. 3; Rahu
//     Taurus, Ketu Scorpio), moolatrikona by degree, own sign, otherwise
//     the compound relation to the sign lord: natural friendship (BPHS ch.
//     3; the nodes' row is the common modern one) plus temporal (the 2nd,
//     3rd, 4th, 10th, 11th and 12th signs friendly).
//   - Combustion: the Surya Siddhanta orbs in longitude from the Sun, Moon
//     12°, Mars 17°, Mercury 14° (12° retrograde), Jupiter 11°, Venus 10°
//     (8° retrograde), Saturn 15°.
//   - Nakshatras: 27 of 13°20′ from 0° sidereal Aries, padas of 3°20′; lord
//     is the Vimshottari lord, deity the devata of the Brahmana lists.
//   - Vimshottari dasha (BPHS ch. 46): the Moon's nakshatra lord rules
//     first, for the untraversed fraction of its years; years of 365.25
//     days unless year_length asks for the tropical (365.24219), sidereal
//     (365.256363) or savana (360) year; antardashas and pratyantardashas
//     in the same proportions (levels 1-3 whole; sookshma and prana
//     dashas, levels 4 and 5, within a window). The Yogini dasha (eight
//     yoginis of 1 to 8 years, 36-year cycles) and the Ashtottari (eight
//     lords, 108 years over runs of nakshatras from Ardra; its
//     applicability rule stated, not enforced) on request, with the same
//     levels and years.
//   - Vargas: Parashara's rules of BPHS ch. 6 (Parashara hora, drekkana
//     and unequal trimsamsa); each varga states its rule.
//   - Matching: the Ashtakoota (Guna Milan) of two Moons out of 36, with
//     the named exceptions of the nadi and bhakoot doshas, and the Manglik
//     verdict of both charts (see Match).
//   - Dasa Porutham: the ten poruthams of the South Indian (Tamil)
//     matching of two Moons, each agreeing or not with its grade and rule;
//     rajju and vedha essential (see PoruthamOf, PoruthamRequest).
//   - Ashtakavarga: the bindu tables of BPHS ch. 66 (or, on request, the
//     variant of P. V. R. Narasimha Rao's textbook and Jagannatha Hora);
//     the sarvashtakavarga of the seven grahas always totals 337.
//   - Shadbala (BPHS ch. 27, worked as in B. V. Raman's "Graha and Bhava
//     Balas"): every sub-part is reported in virupas; ShadbalaConventions
//     states each choice (Raman's saptavargaja scale by default, BPHS's on
//     request; the year and month lords by Raman's ahargana, Table I, or
//     on request by the Kali count of civil days; equal 60-minute horas;
//     cheshta from modern mean elements, none for the Sun and the Moon
//     unless asked).
//   - Panchang: the day runs from the sunrise of the civil date to the
//     next; sunrise and sunset of the upper limb with 34′ of refraction by
//     default, or of the disc centre, or the Hindu rising (centre, no
//     refraction); rise and set are computed in Go from the positions
//     (right ascension and declination from the ecliptic with the true
//     obliquity, Greenwich apparent sidereal time from the IAU 1982 formula
//     and the equation of the equinoxes), agreeing with swetest -rise within
//     9 seconds in the tests.
//   - Muhurta: the day's periods are fractions of sunrise to sunset and of
//     sunset to the next sunrise (NewDayMuhurta: the kaals, abhijit,
//     brahma muhurta, durmuhurta, choghadiya, horas); SearchMuhurta finds
//     the windows of a range whose limbs meet conditions from the days'
//     sunrises and the limbs' boundaries (roots.Newton), never by stepping.
//
// # Yogas
//
// Yogas checks the 66 yogas of YogaCatalog, each with the rule that fired
// and the grahas that form it:
//
//   - Pancha Mahapurusha (5): Ruchaka, Bhadra, Hamsa, Malavya, Sasa.
//   - Chandra (8): Gaja Kesari, Sunapha, Anapha, Durudhara, Kemadruma
//     (with its cancellations), Chandra-Mangala, Adhi, Amala.
//   - Surya (4): Vesi, Vasi, Ubhayachari, Budha-Aditya.
//   - Nabhasa (32, BPHS ch. 35): Ashraya: Rajju, Musala, Nala; Dala: Mala,
//     Sarpa; Akriti: Gada, Sakata, Vihaga, Sringataka, Hala, Vajra, Yava,
//     Kamala, Vapi, Yupa, Ishu, Shakti, Danda, Nauka, Kuta, Chatra, Chapa,
//     Ardha Chandra, Chakra, Samudra; Sankhya (only when no other Nabhasa
//     yoga is present): Vallaki, Damini, Pasha, Kedara, Shula, Yuga, Gola.
//   - Raja (2): kendra-trikona lord associations, Yogakaraka.
//   - Dhana (1): associations of the lords of the 2nd or 11th with those of
//     the 1st, 5th or 9th.
//   - Viparita Raja (3): Harsha, Sarala, Vimala.
//   - Neecha Bhanga Raja (1), with the cancellations that apply.
//   - Parivartana (3): Maha, Khala, Dainya.
//   - Others (7): Saraswati, Shubha Kartari, Papa Kartari, Chatussagara,
//     Vasumati, Shakata (with its cancellation), Guru-Mangala.
//
// # Doshas
//
// Doshas reports Manglik (Mars from the lagna, the Moon and Venus, with
// its named cancellations), Kaal Sarp (full or partial, its twelve types
// and direction; a modern rule without classical cancellations),
// Kemadruma, and the modern conjunction doshas Grahan, Guru Chandal,
// Pitra, Shrapit and Angarak.
//
// # Krishnamurti Paddhati (KP)
//
// kp.go, kp_chart.go and kp_request.go: the 249 subs (KPSubs: each
// nakshatra divided among the nine Vimshottari lords in proportion to
// their years from its own lord, the six subs across a sign boundary
// split), the sign, star, sub and sub-sub lords of a longitude
// (KPLordsOf), the KP chart (KPChartAt: sidereal Placidus cusps in the kp
// ayanamsa by default, a house from its cusp to the next, the four levels
// of significators, Rahu and Ketu agents of their sign lords unless
// node_agency none), the ruling planets of a moment (KPRulingAt: the day
// lord from sunrise, the Moon's and the ascendant's lords) and the horary
// chart of a number 1-249 (KPHoraryAt: the ascendant at the start of the
// sub, the cusps of the ARMC at which it rises; HoraryARMC). Source: K. S.
// Krishnamurti's KP Readers I (the sub table) and VI (horary).
//
// # Sources
//
// Brihat Parashara Hora Shastra (R. Santhanam's translation; cited by
// chapter), Phaladeepika, Saravali, B. V. Raman's "Graha and Bhava Balas"
// and "Three Hundred Important Combinations", P. V. R. Narasimha Rao's
// "Vedic Astrology: An Integrated Approach", and for the mean planetary
// longitudes Simon et al. (1994) as tabulated by J. Meeus, "Astronomical
// Algorithms" (2nd ed., table 31.A).
package vedic
