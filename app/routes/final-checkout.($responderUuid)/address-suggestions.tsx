// Address suggestions on the final checkout (spec sections 2, 7 and 9), which already runs
// JavaScript: with a maps key configured, the page asks our server for it (GET
// /api/google-api-key), loads the places script once from MAPS_SCRIPT_URL, and suggests
// addresses in the US and Canada, address type only, filling Address Line 1, City, State and
// Zip Code from her choice. Without a key, or without JavaScript, she types the address. And
// always with JavaScript: a known ZIP fills an empty City and State (GET /api/zip-codes/{zip}).
import { useEffect } from "react";

interface AddressComponent {
  long_name: string;
  short_name: string;
  types: string[];
}

interface PlacesAutocomplete {
  addListener(name: "place_changed", listener: () => void): unknown;
  getPlace(): { address_components?: AddressComponent[] };
}

declare global {
  interface Window {
    google?: { maps?: { places?: { Autocomplete: new (input: HTMLInputElement, options: object) => PlacesAutocomplete } } };
    __placesReady?: () => void;
  }
}

let placesScript: Promise<void> | undefined;

function loadPlaces(scriptUrl: string, apiKey: string): Promise<void> {
  placesScript ??= new Promise<void>((resolve, reject) => {
    if (window.google?.maps?.places) return resolve();
    const url = new URL(scriptUrl, window.location.href);
    url.searchParams.set("key", apiKey);
    url.searchParams.set("callback", "__placesReady");
    window.__placesReady = () => resolve();
    const script = document.createElement("script");
    script.src = url.toString();
    script.async = true;
    script.addEventListener("error", () => {
      placesScript = undefined;
      reject(new Error("the places script could not be loaded"));
    });
    document.head.append(script);
  });
  return placesScript;
}

/** Her choice's parts, as the shipping fields take them. */
export function addressFromPlace(parts: AddressComponent[]): { addressLine1: string; city: string; state: string; zipCode: string } {
  const part = (type: string, short = false) => {
    const found = parts.find((candidate) => candidate.types.includes(type));
    return found ? (short ? found.short_name : found.long_name) : "";
  };
  return {
    addressLine1: [part("street_number"), part("route")].filter(Boolean).join(" "),
    city: part("locality") || part("postal_town") || part("sublocality") || part("administrative_area_level_3"),
    state: part("administrative_area_level_1", true),
    zipCode: part("postal_code"),
  };
}

function field(form: HTMLFormElement, name: string): HTMLInputElement | HTMLSelectElement | null {
  const element = form.elements.namedItem(name);
  return element instanceof HTMLInputElement || element instanceof HTMLSelectElement ? element : null;
}

/** Sets a field as if she had typed it; a state the select does not offer is left alone. */
function fill(form: HTMLFormElement, name: string, value: string) {
  const element = field(form, name);
  if (!element || !value) return;
  if (element instanceof HTMLSelectElement && ![...element.options].some((option) => option.value === value)) return;
  element.value = value;
  element.dispatchEvent(new Event("input", { bubbles: true }));
  element.dispatchEvent(new Event("change", { bubbles: true }));
}

export function AddressSuggestions({ formId, scriptUrl }: { formId: string; scriptUrl: string | null }) {
  useEffect(() => {
    const form = document.getElementById(formId);
    if (!(form instanceof HTMLFormElement)) return;
    const zip = field(form, "zipCode");
    // A known ZIP fills an empty City and State.
    const lookUpZip = async () => {
      const city = field(form, "city");
      const state = field(form, "state");
      const typed = zip?.value.trim() ?? "";
      if (!/^\d{5}(-\d{4})?$/.test(typed) || (city?.value && state?.value)) return;
      const answer = await fetch(`/api/zip-codes/${typed.slice(0, 5)}`, { headers: { Accept: "application/json" } }).catch(() => null);
      if (!answer?.ok) return;
      const known = (await answer.json()) as { city: string; state: string };
      // Never under her cursor: a field she is typing in when the answer comes is hers.
      if (city && !city.value && document.activeElement !== city) fill(form, "city", known.city);
      if (state && !state.value && document.activeElement !== state) fill(form, "state", known.state);
    };
    // A listener's promise has no one to answer to: whatever fails, she types on.
    const onZip = () => void lookUpZip();
    zip?.addEventListener("change", onZip);

    let cancelled = false;
    if (scriptUrl) {
      void (async () => {
        const answer = await fetch("/api/google-api-key", { headers: { Accept: "application/json" } }).catch(() => null);
        if (!answer?.ok || cancelled) return;
        const { apiKey } = (await answer.json()) as { apiKey: string };
        await loadPlaces(scriptUrl, apiKey).catch(() => undefined);
        const line1 = field(form, "addressLine1");
        const Autocomplete = window.google?.maps?.places?.Autocomplete;
        if (cancelled || !(line1 instanceof HTMLInputElement) || !Autocomplete) return;
        const suggestions = new Autocomplete(line1, {
          componentRestrictions: { country: ["us", "ca"] },
          types: ["address"],
          fields: ["address_components"],
        });
        suggestions.addListener("place_changed", () => {
          const address = addressFromPlace(suggestions.getPlace().address_components ?? []);
          fill(form, "addressLine1", address.addressLine1);
          fill(form, "city", address.city);
          fill(form, "state", address.state);
          fill(form, "zipCode", address.zipCode);
        });
      })();
    }
    return () => {
      cancelled = true;
      zip?.removeEventListener("change", onZip);
    };
  }, [formId, scriptUrl]);
  return null;
}
