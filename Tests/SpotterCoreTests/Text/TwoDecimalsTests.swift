import Foundation
import Testing

@testable import SpotterCore

@Suite struct TwoDecimalsTests {
  @Test func writesWhatPrintfWrites() {
    // Ties in binary (0.125, 2.675 is not one), values just either side of a hundredth, the
    // confidences the learner rounds to thousandths, negatives, zeros and large values.
    var values: [Double] = [
      0, -0.0, 0.125, 0.375, 0.625, 0.875, 1.005, 2.675, 0.345, 0.005, 0.015, 0.995, 9.995, 99.995,
      -0.001, -0.125, -2.5, 1e-300, 5e-324, 0.004999999, 123456789.125, 999999999999999.9, 1e15, 1e300,
      .infinity, -.infinity, .nan, Double.ulpOfOne, 0.5, 1.5,
    ]
    values += (0...1000).map { Double($0) / 1000 }
    values += (0...20000).map { Double($0) / 8 - 1000 }
    var generator = SystemRandomNumberGenerator()
    for _ in 0..<20000 {
      values.append(Double.random(in: -1000...1000, using: &generator))
      values.append(Double(bitPattern: generator.next() & 0x7FFF_FFFF_FFFF_FFFF) * (Bool.random() ? 1 : -1))
    }
    for value in values {
      #expect(TwoDecimals.text(value) == String(format: "%.2f", value), "\(value)")
    }
  }

  /// Rounded down, the text is never above the value, and is the largest hundredth that is not:
  /// every thousandth the learner writes, and the values either side of each hundredth.
  @Test func roundedDownNeverShowsMoreThanTheValue() {
    #expect(TwoDecimals.floorText(0.446) == "0.44")
    #expect(TwoDecimals.floorText(0.45) == "0.45")
    #expect(TwoDecimals.floorText(0.29) == "0.29")
    #expect(TwoDecimals.floorText(0.999) == "0.99")
    #expect(TwoDecimals.floorText(0) == "0.00")
    var values = (0...1000).map { Double($0) / 1000 }
    for hundredth in 0...100 {
      let value = Double(hundredth) / 100
      values += [value, value.nextDown, value.nextUp]
    }
    for value in values where value >= 0 {
      let shown = Double(TwoDecimals.floorText(value))!
      #expect(shown <= value, "\(value)")
      #expect(value - shown < 0.01, "\(value)")
      #expect(
        TwoDecimals.floorText(value).count == TwoDecimals.text(value).count || value >= 9.995, "\(value)")
    }
  }
}
