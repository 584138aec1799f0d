extension ExactDecimal: Comparable {
    /// Orders by exact value: sign, then magnitude, then digits.
    static func < (lhs: ExactDecimal, rhs: ExactDecimal) -> Bool {
        compare(lhs, rhs) < 0
    }

    /// -1, 0 or 1 as `lhs` is below, equal to or above `rhs`.
    static func compare(_ lhs: ExactDecimal, _ rhs: ExactDecimal) -> Int {
        let lZero = lhs.digits.isEmpty
        let rZero = rhs.digits.isEmpty
        if lZero && rZero { return 0 }
        let lSign = lZero ? 0 : (lhs.negative ? -1 : 1)
        let rSign = rZero ? 0 : (rhs.negative ? -1 : 1)
        if lSign != rSign { return lSign < rSign ? -1 : 1 }
        // Same sign, both non-zero: compare magnitudes, then flip for negatives.
        let magnitude = compareMagnitude(lhs, rhs)
        return lSign < 0 ? -magnitude : magnitude
    }

    static func compareMagnitude(_ lhs: ExactDecimal, _ rhs: ExactDecimal) -> Int {
        let lOrder = lhs.digits.count + lhs.exponent
        let rOrder = rhs.digits.count + rhs.exponent
        if lOrder != rOrder { return lOrder < rOrder ? -1 : 1 }
        let count = max(lhs.digits.count, rhs.digits.count)
        for index in 0..<count {
            let l = index < lhs.digits.count ? lhs.digits[index] : 0
            let r = index < rhs.digits.count ? rhs.digits[index] : 0
            if l != r { return l < r ? -1 : 1 }
        }
        return 0
    }

    /// True when the value has no fractional part.
    var isInteger: Bool {
        digits.isEmpty || exponent >= 0
    }

    /// True when `self / divisor` is an integer, computed exactly.
    func isMultiple(of divisor: ExactDecimal) -> Bool {
        if digits.isEmpty { return true }
        if divisor.digits.isEmpty { return false }
        // self = a × 10^ea, divisor = b × 10^eb with a, b free of trailing zeros.
        // If ea < eb, a would need trailing zeros to be divisible: impossible.
        guard exponent >= divisor.exponent else { return false }
        let shift = exponent - divisor.exponent
        guard divisor.digits.count <= 18 else {
            // Divisors this long are beyond exact 64-bit arithmetic; fall back to a tolerance check.
            let quotient = doubleValue / divisor.doubleValue
            return quotient.isFinite && quotient == quotient.rounded()
        }
        var modulus: UInt64 = 0
        for digit in divisor.digits { modulus = modulus * 10 + UInt64(digit) }
        // (a × 10^shift) mod b, digit by digit, then the power of ten by squaring.
        var remainder: UInt64 = 0
        for digit in digits {
            remainder = ExactDecimal.mulMod(remainder, 10, modulus) &+ UInt64(digit) % modulus
            remainder %= modulus
        }
        remainder = ExactDecimal.mulMod(remainder, ExactDecimal.powMod(10, shift, modulus), modulus)
        return remainder == 0
    }

    var doubleValue: Double {
        let text = String(decoding: digits.map { $0 + UInt8(ascii: "0") }, as: UTF8.self)
        return (Double((negative ? "-" : "") + (text.isEmpty ? "0" : text) + "e\(exponent)")) ?? .nan
    }

    static func mulMod(_ a: UInt64, _ b: UInt64, _ m: UInt64) -> UInt64 {
        let product = a.multipliedFullWidth(by: b)
        return m.dividingFullWidth((product.high, product.low)).remainder
    }

    static func powMod(_ base: UInt64, _ exponent: Int, _ m: UInt64) -> UInt64 {
        if m == 1 { return 0 }
        var result: UInt64 = 1
        var b = base % m
        var e = exponent
        while e > 0 {
            if e & 1 == 1 { result = mulMod(result, b, m) }
            b = mulMod(b, b, m)
            e >>= 1
        }
        return result
    }
}

extension JSONNumber {
    /// The exact decimal value, or nil when the exponent is beyond Int (then the Double is used).
    var exact: ExactDecimal? { ExactDecimal(literal) }
}

/// Compares two JSON numbers exactly where possible.
func compareNumbers(_ lhs: JSONNumber, _ rhs: JSONNumber) -> Int {
    if let l = lhs.exact, let r = rhs.exact { return ExactDecimal.compare(l, r) }
    let l = lhs.doubleValue
    let r = rhs.doubleValue
    return l < r ? -1 : (l > r ? 1 : 0)
}
