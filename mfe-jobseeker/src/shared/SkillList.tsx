/** The skills named on an experience or a certification, as chips; nothing when there are none. */
export function SkillList({ skills, label }: { skills: readonly string[]; label: string }) {
  if (skills.length === 0) return null;
  return (
    <ul className="chips" aria-label={label}>
      {skills.map((skill) => (
        <li key={skill} className="chip">
          {skill}
        </li>
      ))}
    </ul>
  );
}
