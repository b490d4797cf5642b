import TransitionRenderDocs
import UIKitSeedTransitions

// The docs-media executable the render-transitions plugin builds and runs:
// `swift package --allow-writing-to-package-directory render-transitions --output media`.
MainActor.assumeIsolated { DocsMedia.main(transitions: docsTransitions) }
