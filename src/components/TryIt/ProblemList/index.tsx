import React, { type ReactNode } from 'react';
import KeptCode from '../../KeptCode';
import type { Problem } from '../tryItRequest';
import shared from '../shared.module.css';

export interface Props {
  readonly problems: readonly Problem[];
}

/** Every problem of the last check, as an alert above the buttons; nothing when there is none. */
export default function ProblemList({ problems }: Props): ReactNode {
  if (problems.length === 0) return null;
  return (
    <div role="alert" className={shared.problems}>
      <p>Fix these before sending:</p>
      <ul>
        {problems.map((problem) => (
          <li key={`${problem.field} ${problem.message}`}>
            <KeptCode>{problem.field}</KeptCode> {problem.message}
          </li>
        ))}
      </ul>
    </div>
  );
}
