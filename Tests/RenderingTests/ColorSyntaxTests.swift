import Rendering
import Testing

/// The one color syntax (`Color(parsing:)`), shared by the command line, scene files and
/// manifests.
@Suite("color syntax")
struct ColorSyntaxTests {
  @Test("#RRGGBB, #RRGGBBAA (with or without #) and the names black, white, clear parse; hexString reads back")
  func parses() throws {
    #expect(Color(parsing: "#FF9500") == Color(hex: 0xFF9500))
    #expect(Color(parsing: "ff9500") == Color(hex: 0xFF9500))
    #expect(Color(parsing: "#5856D680") == Color(hex: 0x5856D6, alpha: 128.0 / 255))
    #expect(Color(parsing: "Black") == .black)
    #expect(Color(parsing: "white") == .white)
    #expect(Color(parsing: "transparent") == .clear)
    for text in ["#000000FF", "#FF9500FF", "#12345678", "#00000000"] {
      #expect(try #require(Color(parsing: text)).hexString == text)
    }
  }

  @Test("Anything else is refused: wrong lengths, signs, non-hex digits, empty text")
  func refuses() {
    for text in ["", "#", "#FFF", "#FF95001", "#GG9500", "+FF9500", "#+F9500", "red", "#FF9500FF00"] {
      #expect(Color(parsing: text) == nil, "\(text)")
    }
  }
}
