// Loaded in the head before the page is drawn: pages lay out what their scripts will show
// (the card picker's place) from the first paint, so nothing jumps when the scripts arrive.
document.documentElement.classList.add("js");
