import LiveryConcurrency
import Testing

@Suite("A memo that keeps only what is in use")
struct RecentMemoTests {
    @Test func aValueIsComputedOnceWhileItIsKept() {
        let memo = RecentMemo<String, Int>(capacity: 4)
        var computed = 0
        for _ in 0..<3 {
            let value = memo.value(for: "a") {
                computed += 1
                return 1
            }
            #expect(value == 1)
        }
        #expect(computed == 1)
    }

    @Test func heldEntriesStayWithinTwoGenerations() {
        let memo = RecentMemo<Int, Int>(capacity: 10)
        for key in 0..<1_000 { _ = memo.value(for: key) { key * 2 } }
        #expect(memo.count <= 20)
        #expect(memo[999] == 1_998)
        #expect(memo[0] == nil)
    }

    @Test func aKeyAskedForOftenSurvivesManyOthers() {
        let memo = RecentMemo<Int, Int>(capacity: 8)
        var computedShared = 0
        for key in 1...500 {
            _ = memo.value(for: key) { key }
            _ = memo.value(for: 0) {
                computedShared += 1
                return 0
            }
        }
        #expect(computedShared == 1)
    }
}
