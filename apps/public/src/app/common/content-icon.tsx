import type { ComponentType, SVGProps } from 'react';
import type { IconName } from '@kbe/content';
import Atom from 'lucide-react/icons/atom';
import Award from 'lucide-react/icons/award';
import BookOpen from 'lucide-react/icons/book-open';
import Calendar from 'lucide-react/icons/calendar';
import Camera from 'lucide-react/icons/camera';
import Check from 'lucide-react/icons/check';
import Clock from 'lucide-react/icons/clock';
import Eye from 'lucide-react/icons/eye';
import Globe from 'lucide-react/icons/globe';
import GraduationCap from 'lucide-react/icons/graduation-cap';
import Heart from 'lucide-react/icons/heart';
import Lightbulb from 'lucide-react/icons/lightbulb';
import MapIcon from 'lucide-react/icons/map';
import Medal from 'lucide-react/icons/medal';
import Plane from 'lucide-react/icons/plane';
import Rocket from 'lucide-react/icons/rocket';
import Scroll from 'lucide-react/icons/scroll';
import Shield from 'lucide-react/icons/shield';
import Sparkles from 'lucide-react/icons/sparkles';
import Star from 'lucide-react/icons/star';
import Target from 'lucide-react/icons/target';
import Telescope from 'lucide-react/icons/telescope';
import Trophy from 'lucide-react/icons/trophy';
import Users from 'lucide-react/icons/users';

const ICONS: Record<IconName, ComponentType<SVGProps<SVGSVGElement>>> = {
  atom: Atom,
  award: Award,
  book: BookOpen,
  calendar: Calendar,
  camera: Camera,
  check: Check,
  clock: Clock,
  eye: Eye,
  globe: Globe,
  graduation: GraduationCap,
  heart: Heart,
  lightbulb: Lightbulb,
  map: MapIcon,
  medal: Medal,
  plane: Plane,
  rocket: Rocket,
  scroll: Scroll,
  shield: Shield,
  sparkles: Sparkles,
  star: Star,
  target: Target,
  telescope: Telescope,
  trophy: Trophy,
  users: Users,
};

/** Decorative pictogram for a content icon name. */
export function ContentIcon({ name, className }: { name: IconName; className?: string }) {
  const Icon = ICONS[name];
  return <Icon aria-hidden="true" focusable="false" className={className ?? 'h-6 w-6'} />;
}
