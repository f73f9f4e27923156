import { describe, expect, it } from 'vitest';
import { mountEachTest } from '../testing/mount';
import { IconButton } from './ui';

describe('IconButton', () => {
  const view = mountEachTest();

  it('names itself and shows its tooltip by its label, and is a toggle only when pressed is given', () => {
    let clicks = 0;
    view.render(
      <>
        <IconButton icon="logout" label="Sign out" onClick={() => clicks++} />
        <IconButton icon="moon" label="Theme" pressed={false} onClick={() => {}} />
      </>,
    );
    const [plain, toggle] = view.container.querySelectorAll('button');
    expect(plain?.getAttribute('aria-label')).toBe('Sign out');
    expect(plain?.title).toBe('Sign out');
    expect(plain?.className).toBe('icon-btn');
    expect(plain?.hasAttribute('aria-pressed')).toBe(false);
    expect(toggle?.getAttribute('aria-pressed')).toBe('false');
    plain?.click();
    expect(clicks).toBe(1);
  });

  it('shows a sign instead of an icon, with classes and a test id of its own', () => {
    view.render(
      <IconButton label="Edit" className="extra" testId="edit" disabled onClick={() => {}}>
        ✎
      </IconButton>,
    );
    const button = view.container.querySelector('button');
    expect(button?.className).toBe('icon-btn extra');
    expect(button?.textContent).toBe('✎');
    expect(button?.dataset.testid).toBe('edit');
    expect(button?.disabled).toBe(true);
  });
});
