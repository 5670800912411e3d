# Seven small puzzles of Benzene's regression/dfpn-puzzle.tst (github.com/cgao3/benzene-vanilla-cmake
# at 9561476, LGPL-3.0), their lines copied unchanged but the SGF paths (this folder).

dfpn-clear-tt
loadsgf 5x5-berge-1.sgf
10 dfpn-solve-state white
#? [white]

dfpn-clear-tt
loadsgf 3x3-hein-02.sgf
61 dfpn-solve-state white
#? [white]

dfpn-clear-tt
loadsgf 4x4-hein-04.sgf
63 dfpn-solve-state white
#? [white]

dfpn-clear-tt
loadsgf 4x4-hein-05.sgf
64 dfpn-solve-state white
#? [white]

# dfpn-clear-tt
loadsgf 5x5-hein-06.sgf
65 dfpn-solver-find-winning white
#? [c2]

dfpn-clear-tt
loadsgf 5x5-henderson-11.sgf
80 dfpn-solver-find-winning white
#? [c4]

dfpn-clear-tt
loadsgf 5x5-henderson-12.sgf
81 dfpn-solver-find-winning black
#? [b3]

