import { describe, expect, it } from 'vitest';
import { findTaskMark, setTask, taskMarkOffset } from './task-lists';

describe('task lines (decision 216)', () => {
  it.each([
    ['- [ ] a', 3],
    ['* [x] a', 3],
    ['  + [X] a', 5],
    ['1. [ ] a', 4],
    ['> - [ ] quoted', 5],
    ['- [ ]', 3],
    ['- [] a', -1],
    ['- [ ]a', -1],
    ['[ ] a', -1],
    ['text - [ ] a', -1],
  ])('finds the box of %j at %i', (line, offset) => {
    expect(taskMarkOffset(line)).toBe(offset);
  });

  it('changes only that line’s box, found where it was or moved by lines added above', () => {
    const shown = 'Intro\n- [ ] one\n- [ ] two';
    expect(setTask(shown, shown, 3, true)).toBe('Intro\n- [ ] one\n- [x] two');
    const grown = 'New line\nIntro\n- [ ] one\n- [ ] two';
    expect(setTask(grown, shown, 2, true)).toBe('New line\nIntro\n- [x] one\n- [ ] two');
    // The line changed meanwhile, or is there twice: not found rather than a wrong box.
    expect(findTaskMark('Intro\n- [ ] uno\n- [ ] two', shown, 2)).toBe(-1);
    expect(findTaskMark('- [ ] one\n- [ ] one', '- [ ] one', 1)).toBe(0 + 3);
    expect(findTaskMark('x\n- [ ] one\n- [ ] one', '- [ ] one', 1)).toBe(-1);
    expect(setTask(shown, shown, 1, true)).toBeNull();
  });
});
