// The panel under a goal board: the stars (a picture hidden from screen readers, and words they read),
// the Try again button and the message line (a live region: what the board says about the goal is read
// aloud). Python decides everything; this only draws and reports the button press.
function render({ model, el }) {
  el.classList.add("bglearn-goal-panel");
  const stars = document.createElement("p");
  stars.className = "bglearn-goal-stars";
  const picture = document.createElement("span");
  picture.setAttribute("aria-hidden", "true");
  picture.className = "bglearn-goal-stars-picture";
  const words = document.createElement("span");
  words.className = "bglearn-goal-stars-words";
  stars.append(picture, " ", words);
  const retry = document.createElement("button");
  retry.type = "button";
  retry.className = "bglearn-button bglearn-goal-retry";
  retry.addEventListener("click", () => model.send({ type: "retry" }));
  const message = document.createElement("p");
  message.className = "bglearn-goal-message";
  message.setAttribute("role", "status");
  message.setAttribute("aria-live", "polite");
  el.append(stars, retry, message);
  const draw = () => {
    picture.textContent = model.get("stars_picture");
    words.textContent = model.get("stars_words");
    retry.textContent = model.get("retry_label");
    message.textContent = model.get("message");
    message.dataset.kind = model.get("kind");
    el.dataset.met = model.get("met") ? "true" : "false";
  };
  model.on("change", draw);
  draw();
}
export default { render };
