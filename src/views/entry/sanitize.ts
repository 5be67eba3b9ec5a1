import DOMPurify, { type Config } from "dompurify";

/**
 * The browser's second layer over the server's sanitizing (DOMPurify on the real DOM): no
 * script, style or form, no event handlers or javascript: URLs (DOMPurify's own rules), no
 * inline styles (they could cover the app), iframes only from a few video hosts and sandboxed.
 * Links open in a new tab without an opener or referrer; images load lazily, without referrer.
 */
const IFRAME_HOSTS = new Set(["www.youtube-nocookie.com", "player.vimeo.com"]);

/** YouTube embeds move to its no-cookie host (the one the server's CSP allows in frames). */
function embedUrl(src: string | null): string | null {
  if (!src) return null;
  try {
    const url = new URL(src);
    if (/^(www\.)?youtube\.com$/.test(url.hostname) && url.pathname.startsWith("/embed/")) {
      url.hostname = "www.youtube-nocookie.com";
      url.protocol = "https:";
    }
    return url.href;
  } catch {
    return null;
  }
}

const CONFIG: Config = {
  FORBID_TAGS: [
    "style",
    "script",
    "noscript",
    "form",
    "input",
    "button",
    "textarea",
    "select",
    "object",
    "embed",
    "base",
    "meta",
    "link",
    "frame",
    "frameset",
    "template",
  ],
  FORBID_ATTR: ["style", "srcdoc", "formaction", "ping"],
  ADD_TAGS: ["iframe"],
  ADD_ATTR: ["allowfullscreen", "target"],
  ALLOW_DATA_ATTR: false,
  ALLOW_UNKNOWN_PROTOCOLS: false,
};

let purifier: ReturnType<typeof DOMPurify> | undefined;

function allowedIframe(src: string | null): boolean {
  if (!src) return false;
  try {
    const url = new URL(src);
    return url.protocol === "https:" && IFRAME_HOSTS.has(url.hostname);
  } catch {
    return false;
  }
}

function instance() {
  if (purifier) return purifier;
  const purify = DOMPurify(window);
  purify.addHook("uponSanitizeElement", (node, data) => {
    if (data.tagName !== "iframe") return;
    const element = node as Element;
    const src = embedUrl(element.getAttribute("src"));
    if (src && allowedIframe(src)) element.setAttribute("src", src);
    else element.parentNode?.removeChild(element);
  });
  purify.addHook("afterSanitizeAttributes", (node) => {
    const element = node as Element;
    switch (element.tagName) {
      case "A":
        if (element.hasAttribute("href")) {
          element.setAttribute("target", "_blank");
          element.setAttribute("rel", "noopener noreferrer");
        }
        break;
      case "IMG":
        element.setAttribute("loading", "lazy");
        element.setAttribute("referrerpolicy", "no-referrer");
        break;
      case "IFRAME":
        element.setAttribute("sandbox", "allow-scripts allow-same-origin allow-presentation");
        element.setAttribute("referrerpolicy", "no-referrer");
        element.setAttribute("loading", "lazy");
        break;
      case "VIDEO":
      case "AUDIO":
        element.setAttribute("preload", "none");
        element.removeAttribute("autoplay");
        break;
    }
  });
  purifier = purify;
  return purify;
}

// A <base> is dropped by DOMPurify too, but parsing it at all trips the page's CSP (a console
// error): take it out of the text first.
const BASE_TAG = /<base\b[^>]*>/gi;

export function sanitizeContent(html: string): string {
  return instance().sanitize(html.replace(BASE_TAG, ""), {
    ...CONFIG,
    RETURN_TRUSTED_TYPE: false,
  }) as string;
}
