package bazi

// Relation is how two earthly branches (animals) stand to each other in
// the classical branch relations.
type Relation string

// The branch relations, in the order they take precedence when a pair has
// several (Yin-Si is both a harm and a punishment: harm is reported).
const (
	Same       Relation = "same"        // the same branch
	SixHarmony Relation = "six_harmony" // liu he 六合: Zi-Chou, Yin-Hai, Mao-Xu, Chen-You, Si-Shen, Wu-Wei
	Trine      Relation = "trine"       // san he 三合: four apart (Shen-Zi-Chen, Hai-Mao-Wei, Yin-Wu-Xu, Si-You-Chou)
	Clash      Relation = "clash"       // liu chong 六冲: opposite branches, six apart
	Harm       Relation = "harm"        // liu hai 六害: Zi-Wei, Chou-Wu, Yin-Si, Mao-Chen, Shen-Hai, You-Xu
	Punishment Relation = "punishment"  // xing 刑: Zi-Mao, Chou-Xu, Xu-Wei (the other pairs of the Yin-Si-Shen and Chou-Xu-Wei groups are reported as harm, harmony or clash)
	Break      Relation = "break"       // po 破: Zi-You, Mao-Wu, Chou-Chen (the other three breaks are harmonies or a punishment)
	Neutral    Relation = "neutral"     // none of the above
)

// EnumValues lists the relations (engine.Enum).
func (Relation) EnumValues() []string {
	return []string{string(Same), string(SixHarmony), string(Trine), string(Clash), string(Harm), string(Punishment), string(Break), string(Neutral)}
}

// relation is a pair's relation and its Chinese name.
type relation struct {
	kind    Relation
	chinese string
}

// relate returns the relation of branches a and b; it is symmetric.
func relate(a, b Branch) relation {
	lo, hi := min(a, b), max(a, b)
	switch {
	case a == b:
		return relation{Same, ""}
	case (a+b)%12 == 1:
		return relation{SixHarmony, "六合"}
	case (hi-lo)%4 == 0:
		return relation{Trine, "三合"}
	case hi-lo == 6:
		return relation{Clash, "六冲"}
	case (a+b)%12 == 7:
		return relation{Harm, "六害"}
	case lo == 0 && hi == 3, lo == 1 && hi == 10, lo == 7 && hi == 10:
		return relation{Punishment, "刑"}
	case lo == 0 && hi == 9, lo == 3 && hi == 6, lo == 1 && hi == 4:
		return relation{Break, "破"}
	}
	return relation{Neutral, ""}
}

// selfPunishing reports whether a branch punishes itself when doubled
// (zi xing 自刑: Chen, Wu, You, Hai).
func selfPunishing(b Branch) bool { return b == 4 || b == 6 || b == 9 || b == 11 }
