import RenderCLI
