// Scalar over the served OpenAPI document: its "Test Request" sends the
// key given under Authentication as the x-api-key header, straight to
// this server (no proxy, no agent, no fonts or scripts from elsewhere).
Scalar.createApiReference("#app", {
  url: "/api/openapi.json",
  withDefaultFonts: false,
  telemetry: false,
  agent: { disabled: true },
  authentication: { preferredSecurityScheme: "apiKey" },
  // The page's preview (the routes, from the manifest) shows until the
  // document has arrived and rendered.
  onLoaded: () => document.getElementById("preview")?.remove(),
});
