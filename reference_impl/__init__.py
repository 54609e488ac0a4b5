"""Reference engine for Phỏm (Tá lả): every rule of the kit's rulesets."""
