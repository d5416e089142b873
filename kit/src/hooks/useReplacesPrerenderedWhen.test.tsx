import { render } from '@testing-library/react';
import { useReplacesPrerenderedWhen } from './useReplacesPrerenderedWhen';

function Page({ shown }: { shown: boolean }) {
  useReplacesPrerenderedWhen(shown);
  return <p>{shown ? 'the page' : 'loading'}</p>;
}

describe('useReplacesPrerenderedWhen', () => {
  it('keeps the drawing while the page has nothing to show and drops it when it has', () => {
    document.body.innerHTML = '<div id="prerendered">drawing</div><div id="root"></div>';
    const container = document.getElementById('root') as HTMLElement;
    const { rerender } = render(<Page shown={false} />, { container });
    expect(document.getElementById('prerendered')).not.toBeNull();
    rerender(<Page shown />);
    expect(document.getElementById('prerendered')).toBeNull();
    expect(container).toHaveTextContent('the page');
  });
});
