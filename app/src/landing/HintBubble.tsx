import { animated, useSpring } from '@react-spring/web';
import { useEffect } from 'react';

const HIDDEN = { scale: 0.85, opacity: 0 };
const SHOWN = { scale: 1, opacity: 1 };

/** Sally's speech bubble; it pops each time the hint changes. */
export function HintBubble({ text }: { text: string }) {
  const [style, spring] = useSpring(() => ({
    from: HIDDEN,
    config: { tension: 380, friction: 18 },
  }));
  useEffect(() => {
    void spring.start({ from: HIDDEN, to: SHOWN });
  }, [text, spring]);
  return (
    <animated.p
      className="hint-bubble"
      role="status"
      style={{ opacity: style.opacity, transform: style.scale.to((s) => `scale(${s})`) }}
    >
      {text}
    </animated.p>
  );
}
