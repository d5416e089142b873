/**
 * @jest-environment node
 */
// Rendered at build time (no window), a RemoteComponent marks the slot the server fills with the other remote's
// published markup. The exact form is a contract with site/src/prerendered-page.ts (SLOT).
import { renderToStaticMarkup } from 'react-dom/server';
import { RemoteComponent } from './RemoteComponent';

test('at build time it renders a slot for the server, with the fallback inside', () => {
  const markup = renderToStaticMarkup(
    <section>
      <RemoteComponent remote="mfe-map" module="./MapPreview" fallback={<p>stars</p>} />
    </section>,
  );
  expect(markup).toBe(
    '<section><div data-slot="mfe-map ./MapPreview" style="display:contents"><p>stars</p>' +
      '<template data-slot-end=""></template></div></section>',
  );
});

test('a component given props gets no slot: markup rendered without them could not stand for it', () => {
  const markup = renderToStaticMarkup(
    <RemoteComponent remote="mfe-map" module="./Badge" props={{ planet: 'mars' }} fallback={<p>planet</p>} />,
  );
  expect(markup).toBe('<p>planet</p>');
});
