/// Whether this module was compiled with optimization (Package.swift's optimizedInDebug; read
/// by Rendering's `LibraryBuild`).
package let textCompiledOptimized = !_isDebugAssertConfiguration()
