// the stylesheet is bundled by rspack; this tells the type checker that it exists
export {};
