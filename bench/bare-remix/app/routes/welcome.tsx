import { Form } from "@remix-run/react";

const reasons = [
  ["nothing_else_has_helped", "Nothing else has helped"],
  ["im_ready_to_take_control", "I'm ready to take control"],
  ["i_want_to_feel_like_myself_again", "I want to feel like myself again"],
  ["my_doctor_wont_help", "My doctor won't help"],
];

export default function Welcome() {
  return (
    <main>
      <h1>It's not you. It's menopause.</h1>
      <p>96% of women say they would recommend us to a friend.</p>
      <Form method="post">
        <fieldset>
          <legend>What best describes why you are exploring HRT?</legend>
          {reasons.map(([value, label]) => (
            <label key={value}>
              <input type="radio" name="reason" value={value} /> {label}
            </label>
          ))}
        </fieldset>
        <button type="submit">Tell me more</button>
      </Form>
    </main>
  );
}
