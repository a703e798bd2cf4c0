// A stand-in for Google's Maps JavaScript API with the Places library, for end-to-end tests:
// the one call the final checkout makes
// (app/routes/final-checkout.($responderUuid)/address-suggestions.tsx), with no network. It
// is a classic script served where the app's MAPS_SCRIPT_URL points, and it calls the page's
// `callback` parameter once loaded, as Google's loader does.
//
// - new google.maps.places.Autocomplete(input, options) keeps the options it was given
//   (window.__mapsStandIn.options) and, when she types three characters or more, shows one
//   suggestion under the input as a button: "1 Main St, Portland, OR 97201, USA".
// - Choosing it fills the input and calls the "place_changed" listeners; getPlace() answers
//   that address's address_components, as Google's would with fields: ["address_components"].
(function () {
  "use strict";
  var place = {
    address_components: [
      { long_name: "1", short_name: "1", types: ["street_number"] },
      { long_name: "Main Street", short_name: "Main St", types: ["route"] },
      { long_name: "Portland", short_name: "Portland", types: ["locality", "political"] },
      { long_name: "Oregon", short_name: "OR", types: ["administrative_area_level_1", "political"] },
      { long_name: "United States", short_name: "US", types: ["country", "political"] },
      { long_name: "97201", short_name: "97201", types: ["postal_code"] },
    ],
  };
  var record = (window.__mapsStandIn = { options: null });

  function Autocomplete(input, options) {
    var listeners = [];
    record.options = options;
    var list = document.createElement("div");
    list.className = "maps-stand-in-suggestions";
    input.insertAdjacentElement("afterend", list);
    input.addEventListener("input", function () {
      list.textContent = "";
      if (input.value.length < 3) return;
      var choice = document.createElement("button");
      choice.type = "button";
      choice.textContent = "1 Main St, Portland, OR 97201, USA";
      choice.addEventListener("click", function () {
        input.value = choice.textContent;
        list.textContent = "";
        listeners.forEach(function (listener) {
          listener();
        });
      });
      list.appendChild(choice);
    });
    this.addListener = function (name, listener) {
      if (name === "place_changed") listeners.push(listener);
      return { remove: function () {} };
    };
    this.getPlace = function () {
      return place;
    };
  }

  window.google = { maps: { places: { Autocomplete: Autocomplete } } };
  var script = document.currentScript;
  var callback = script && new URL(script.src).searchParams.get("callback");
  if (callback && typeof window[callback] === "function") window[callback]();
})();
