//! [`Direction`]: the eight compass directions a ray can run in.

use crate::enums::simple_enum;

simple_enum! {
    /// A compass direction on the board, seen from White's side: north is
    /// towards rank 8, east is towards the h-file.
    ///
    /// The order (clockwise from north) is the index into the generated ray
    /// table, `RAYS[direction][square]`.
    pub enum Direction {
        /// Towards rank 8.
        North,
        /// Towards h8.
        NorthEast,
        /// Towards the h-file.
        East,
        /// Towards h1.
        SouthEast,
        /// Towards rank 1.
        South,
        /// Towards a1.
        SouthWest,
        /// Towards the a-file.
        West,
        /// Towards a8.
        NorthWest,
    }
}

impl Direction {
    /// One step in this direction as `(file delta, rank delta)`.
    ///
    /// ```
    /// use bitmoves::Direction;
    /// assert_eq!(Direction::NorthEast.delta(), (1, 1));
    /// ```
    pub const fn delta(self) -> (i8, i8) {
        match self {
            Self::North => (0, 1),
            Self::NorthEast => (1, 1),
            Self::East => (1, 0),
            Self::SouthEast => (1, -1),
            Self::South => (0, -1),
            Self::SouthWest => (-1, -1),
            Self::West => (-1, 0),
            Self::NorthWest => (-1, 1),
        }
    }

    /// Whether a rook moves this way (north, east, south, west).
    pub const fn is_orthogonal(self) -> bool {
        self.index() & 1 == 0
    }

    /// Whether a bishop moves this way.
    pub const fn is_diagonal(self) -> bool {
        !self.is_orthogonal()
    }

    /// The direction pointing the other way.
    pub const fn opposite(self) -> Self {
        Self::from_index((self.index() + 4) % 8)
    }
}
