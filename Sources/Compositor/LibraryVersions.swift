import Foundation
import CCairo

/// The versions of the rasterizing libraries this process runs with. Pixel hashes are only
/// comparable between identical versions (Cairo changed its antialiasing in 1.17.8), so
/// manifests record them.
public enum LibraryVersions {
  /// Cairo's runtime version, e.g. "1.16.0".
  public static var cairo: String { String(cString: cairo_version_string()) }
  /// pixman's runtime version, e.g. "0.42.2".
  public static var pixman: String { String(cString: pixman_version_string()) }
}
