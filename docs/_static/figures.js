// A notebook's figure shrinks to the column's width; a click opens it at full size.
document.addEventListener("DOMContentLoaded", () => {
  for (const img of document.querySelectorAll(".cell_output img")) {
    if (img.closest("a")) continue;
    const link = document.createElement("a");
    link.href = img.src;
    link.className = "figure-full-size";
    link.title = "the figure at full size";
    img.replaceWith(link);
    link.appendChild(img);
  }
});
