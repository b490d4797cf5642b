import Foundation
import DocsImages
import Rendering
import Testing

/// A recipe holds typed values and writes the JSON manifests have always held.
@MainActor
@Suite("Recipes")
struct RecipeTests {
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

  @Test(
    "A typed recipe reads and writes the JSON the committed manifests hold, byte for byte: every golden manifest and the gallery's"
  )
  func sameJSON() throws {
    let goldens = Self.root.appendingPathComponent("Tests/RenderingTests/Goldens")
    let names = try FileManager.default.contentsOfDirectory(atPath: goldens.path).filter { $0.hasSuffix(".json") }
    #expect(names.count > 100)
    for name in names {
      let bytes = [UInt8](try Data(contentsOf: goldens.appendingPathComponent(name)))
      let manifest = try JSONDecoder().decode(HashManifest.self, from: Data(bytes))
      #expect(try manifest.encoded() == bytes, "\(name)")
    }
    let gallery = [UInt8](try Data(contentsOf: Self.root.appendingPathComponent("output/gallery.json")))
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
    let entries = try JSONDecoder().decode(Gallery.Manifest.self, from: Data(gallery))
    #expect([UInt8](try encoder.encode(entries)) + [10] == gallery)
  }

  @Test(
    "A recipe's JSON round-trips every typed field: the operation, size and interaction, a system colour by its name, the appearance and the device by theirs"
  )
  func roundTrip() throws {
    var recipe = RenderRecipe(effect: "cube")
    recipe.operation = .pop
    recipe.size = Size(width: 390, height: 844.5)
    recipe.interaction = .edgePan
    recipe.interactive = true
    recipe.background = try RecipeColor(parsing: "systemBackground")
    recipe.appearance = .dark
    recipe.parameters = ["axis": "vertical"]
    var device = recipe
    device.size = nil
    device.device = try Device.preset(named: "iphone-15-pro")
    device.background = try RecipeColor(parsing: "white")
    for value in [recipe, device] {
      let json = try JSONEncoder().encode(value)
      #expect(try JSONDecoder().decode(RenderRecipe.self, from: json) == value)
    }
    let text = String(decoding: try JSONEncoder().encode(device), as: UTF8.self)
    for field in [
      #""device":"iphone-15""#, ##""background":"#FFFFFFFF""##, #""appearance":"dark""#, #""operation":"pop""#,
    ] {
      #expect(text.contains(field), "\(field) in \(text)")
    }
    #expect(String(decoding: try JSONEncoder().encode(recipe), as: UTF8.self).contains(#""size":[390,844.5]"#))
  }

  @Test(
    "A manifest naming an operation, device, interaction, appearance or colour that does not exist is refused at its key, with that name's one message"
  )
  func unknownNamesRefusedAtTheirKey() throws {
    let folder = NSTemporaryDirectory() + "recipes-\(UUID().uuidString)"
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    let cases = [
      ("operation", "slide", "$.recipe.operation: Unknown operation 'slide'; the operations are push, pop"),
      ("device", "iphone-99", "$.recipe.device: Unknown device 'iphone-99'; the devices are iphone-se"),
      ("interaction", "swipe", "$.recipe.interaction: Unknown interaction 'swipe'; the interactions are edge-pan"),
      ("appearance", "dusk", "$.recipe.appearance: Unknown appearance 'dusk'; the appearances are light, dark"),
      ("background", "#12345", "$.recipe.background: Invalid color '#12345': expected #RRGGBB"),
    ]
    for (key, name, message) in cases {
      let path = folder + "/\(key).json"
      let json = """
        {"renderer": "test", "cairo": "", "pixman": "", "width": 1, "height": 1, "frames": [],
         "recipe": {"effect": "fade", "parameters": {}, "scale": 1, "fps": 30, "\(key)": "\(name)"}}
        """
      try json.write(toFile: path, atomically: true, encoding: .utf8)
      let error = #expect(throws: RenderError.self) { try HashManifest.load(path: path) }
      #expect(error?.description.contains(message) == true, "\(key): \(String(describing: error))")
    }
  }
}
