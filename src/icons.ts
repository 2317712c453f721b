// The icon set marketers may name in YAML (`icon: shield`). Only these icons are bundled;
// the block schemas take their enum from this map, so an unknown name fails validation.

import type { LucideIcon } from 'lucide-react'
import Anchor from 'lucide-react/icons/anchor'
import Award from 'lucide-react/icons/award'
import Brain from 'lucide-react/icons/brain'
import Briefcase from 'lucide-react/icons/briefcase'
import Building2 from 'lucide-react/icons/building-2'
import Calendar from 'lucide-react/icons/calendar'
import Car from 'lucide-react/icons/car'
import Check from 'lucide-react/icons/check'
import Clock from 'lucide-react/icons/clock'
import Crown from 'lucide-react/icons/crown'
import Eye from 'lucide-react/icons/eye'
import FileSearch from 'lucide-react/icons/file-search'
import Flag from 'lucide-react/icons/flag'
import Globe from 'lucide-react/icons/globe'
import GraduationCap from 'lucide-react/icons/graduation-cap'
import HeartPulse from 'lucide-react/icons/heart-pulse'
import House from 'lucide-react/icons/house'
import Landmark from 'lucide-react/icons/landmark'
import Lock from 'lucide-react/icons/lock'
import Mail from 'lucide-react/icons/mail'
import MapPin from 'lucide-react/icons/map-pin'
import Medal from 'lucide-react/icons/medal'
import Phone from 'lucide-react/icons/phone'
import Plane from 'lucide-react/icons/plane'
import Quote from 'lucide-react/icons/quote'
import Radar from 'lucide-react/icons/radar'
import Search from 'lucide-react/icons/search'
import Shield from 'lucide-react/icons/shield'
import ShieldCheck from 'lucide-react/icons/shield-check'
import Ship from 'lucide-react/icons/ship'
import Siren from 'lucide-react/icons/siren'
import Star from 'lucide-react/icons/star'
import Target from 'lucide-react/icons/target'
import UserCheck from 'lucide-react/icons/user-check'
import Users from 'lucide-react/icons/users'
import type { IconName } from './icon-names'

// Typed against iconNames, so the list and this map cannot drift apart.
export const icons: Record<IconName, LucideIcon> = {
  anchor: Anchor,
  award: Award,
  brain: Brain,
  briefcase: Briefcase,
  building: Building2,
  calendar: Calendar,
  car: Car,
  check: Check,
  clock: Clock,
  crown: Crown,
  eye: Eye,
  'file-search': FileSearch,
  flag: Flag,
  globe: Globe,
  'graduation-cap': GraduationCap,
  'heart-pulse': HeartPulse,
  house: House,
  landmark: Landmark,
  lock: Lock,
  mail: Mail,
  'map-pin': MapPin,
  medal: Medal,
  phone: Phone,
  plane: Plane,
  quote: Quote,
  radar: Radar,
  search: Search,
  shield: Shield,
  'shield-check': ShieldCheck,
  ship: Ship,
  siren: Siren,
  star: Star,
  target: Target,
  'user-check': UserCheck,
  users: Users,
}
