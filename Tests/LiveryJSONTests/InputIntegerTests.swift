import LiveryJSON
import Testing

@Suite("InputInteger: whole numbers from input, checked arithmetic")
struct InputIntegerTests {
    @Test func readsExactlyTheWholeNumbersOfInt64() {
        #expect(InputInteger("-9223372036854775808")?.value == Int64.min)
        #expect(InputInteger("9223372036854775807")?.value == Int64.max)
        #expect(InputInteger("+7")?.value == 7)
        #expect(InputInteger("007")?.value == 7)
        for text in ["9223372036854775808", "-9223372036854775809", "", "-", "+", "1.0", "1e3", " 1", "1 ", "0x10", "１"] {
            #expect(InputInteger(text) == nil, "\(text)")
        }
        #expect(InputInteger(JSONNumber(literal: "-12"))?.value == -12)
        #expect(InputInteger(JSONNumber(literal: "-12.0")) == nil)
    }

    @Test func everyOperationAnswersNilWhereTheResultLeavesInt64() {
        let lowest = InputInteger(Int64.min)
        let highest = InputInteger(Int64.max)
        #expect(lowest.magnitude == 9_223_372_036_854_775_808)
        #expect(lowest.adding(-3) == nil)
        #expect(lowest.subtracting(1) == nil)
        #expect(lowest.multiplied(by: -1) == nil)
        #expect(highest.adding(1) == nil)
        #expect(highest.multiplied(by: 2) == nil)
        #expect(lowest.adding(3)?.value == Int64.min + 3)
        #expect(InputInteger(12).multiplied(by: 1_000_000)?.adding(5)?.value == 12_000_005)
        #expect(InputInteger.sum([Int64.max, 1]) == nil)
        #expect(InputInteger.sum([40, 60])?.value == 100)
        #expect(lowest.within(-1_000_000_000...1_000_000_000) == nil)
        #expect(InputInteger(-5).within(-10...10) == -5)
    }
}
